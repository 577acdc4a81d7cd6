/*
 * The fake provider's streamed answers: the same answer as the plain one
 * (fake-provider.ts), cut into the server-sent events each API streams, so
 * the official SDKs' own stream parsers rebuild it. Chat Completions sends
 * its usage only when the request asks for it (`stream_options`), as OpenAI
 * does.
 */

type Json = Record<string, unknown>;

const sse = (events: Array<{ event?: string; data: unknown }>) =>
  events
    .map(({ event, data }) => `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
    .join('');

export function chatStream(answer: Json, includeUsage: boolean): string {
  const { id, created, model } = answer;
  const choice = (answer.choices as Json[])[0];
  const message = choice.message as {
    content: string | null;
    tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
  };
  const chunk = (delta: Json, finish: string | null) => ({
    data: { id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] },
  });
  const events = [
    chunk({ role: 'assistant', content: message.content ?? null }, null),
    ...(message.tool_calls ?? []).map((call, index) =>
      chunk(
        {
          tool_calls: [
            { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: call.function.arguments } },
          ],
        },
        null,
      ),
    ),
    chunk({}, choice.finish_reason as string),
    ...(includeUsage ? [{ data: { id, object: 'chat.completion.chunk', created, model, choices: [], usage: answer.usage } }] : []),
    { data: '[DONE]' },
  ];
  return sse(events);
}

export function responsesStream(answer: Json): string {
  const output = answer.output as Json[];
  let sequence = 0;
  const event = (type: string, rest: Json) => ({ event: type, data: { type, sequence_number: sequence++, ...rest } });
  const events = [event('response.created', { response: { ...answer, status: 'in_progress', output: [], usage: null } })];
  output.forEach((item, index) => {
    if (item.type === 'message') {
      const text = ((item.content as Json[])[0].text as string) ?? '';
      events.push(event('response.output_item.added', { output_index: index, item: { ...item, status: 'in_progress', content: [] } }));
      const part = { type: 'output_text', text: '', annotations: [] };
      events.push(event('response.content_part.added', { item_id: item.id, output_index: index, content_index: 0, part }));
      events.push(
        event('response.output_text.delta', { item_id: item.id, output_index: index, content_index: 0, delta: text, logprobs: [] }),
      );
      events.push(event('response.output_text.done', { item_id: item.id, output_index: index, content_index: 0, text, logprobs: [] }));
      events.push(
        event('response.content_part.done', { item_id: item.id, output_index: index, content_index: 0, part: { ...part, text } }),
      );
    } else {
      events.push(event('response.output_item.added', { output_index: index, item: { ...item, arguments: '', status: 'in_progress' } }));
      events.push(event('response.function_call_arguments.delta', { item_id: item.id, output_index: index, delta: item.arguments }));
      events.push(event('response.function_call_arguments.done', { item_id: item.id, output_index: index, arguments: item.arguments }));
    }
    events.push(event('response.output_item.done', { output_index: index, item }));
  });
  events.push(event('response.completed', { response: answer }));
  return sse(events);
}

export function anthropicStream(answer: Json): string {
  const usage = answer.usage as Json;
  const content = answer.content as Json[];
  const events: Array<{ event: string; data: Json }> = [
    {
      event: 'message_start',
      data: { type: 'message_start', message: { ...answer, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } },
    },
  ];
  content.forEach((block, index) => {
    if (block.type === 'tool_use') {
      events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { ...block, input: {} } } });
      events.push({
        event: 'content_block_delta',
        data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } },
      });
    } else {
      events.push({
        event: 'content_block_start',
        data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
      });
      events.push({
        event: 'content_block_delta',
        data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } },
      });
    }
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  events.push({
    event: 'message_delta',
    data: {
      type: 'message_delta',
      delta: { stop_reason: answer.stop_reason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    },
  });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return sse(events);
}

/** Gemini's stream: the parts in a first chunk with the prompt's count, the finish and the whole usage in the last. */
export function geminiStream(answer: Json): string {
  const candidate = (answer.candidates as Json[])[0];
  const usage = answer.usageMetadata as Json;
  const first = {
    candidates: [{ content: candidate.content, index: 0 }],
    usageMetadata: { promptTokenCount: usage.promptTokenCount },
    modelVersion: answer.modelVersion,
  };
  const last = {
    candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: candidate.finishReason, index: 0 }],
    usageMetadata: usage,
    modelVersion: answer.modelVersion,
  };
  return sse([{ data: first }, { data: last }]);
}
