import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicStream, chatStream, geminiStream, responsesStream } from './fake-provider-streams';

/*
 * One HTTP server on 127.0.0.1 that answers each provider API the official
 * SDKs call, as that API does: OpenAI Chat Completions and Responses,
 * Anthropic Messages and Gemini generateContent. A request that carries no
 * tool result is answered with a call of one of the tools it sent; one that
 * carries a result, with text, so a framework's run ends. Every answer has
 * a usage object in the provider's own shape, and every request body is
 * kept as it came. A request that asks for a stream (`stream: true`,
 * Gemini's `streamGenerateContent`) gets the same answer as server-sent
 * events (fake-provider-streams.ts).
 */

export type ProviderApi = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

export interface CapturedRequest {
  api: ProviderApi;
  path: string;
  /** The body exactly as the SDK sent it. */
  raw: string;
  body: Record<string, unknown>;
}

/** The usage object each API answers with. */
export const CANNED_USAGE = {
  'openai-chat': {
    prompt_tokens: 2000,
    completion_tokens: 50,
    total_tokens: 2050,
    prompt_tokens_details: { cached_tokens: 1000, cache_write_tokens: 256, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 10 },
  },
  'openai-responses': {
    input_tokens: 2000,
    input_tokens_details: { cached_tokens: 1000, cache_write_tokens: 256 },
    output_tokens: 50,
    output_tokens_details: { reasoning_tokens: 10 },
    total_tokens: 2050,
  },
  anthropic: {
    input_tokens: 100,
    cache_creation_input_tokens: 1000,
    cache_creation: { ephemeral_5m_input_tokens: 400, ephemeral_1h_input_tokens: 600 },
    cache_read_input_tokens: 500,
    output_tokens: 50,
    server_tool_use: { web_search_requests: 2 },
    service_tier: 'standard',
  },
  gemini: {
    promptTokenCount: 2000,
    cachedContentTokenCount: 1000,
    candidatesTokenCount: 40,
    thoughtsTokenCount: 10,
    totalTokenCount: 2050,
  },
};

const API_OF: Array<[RegExp, ProviderApi]> = [
  [/\/chat\/completions$/, 'openai-chat'],
  [/\/responses$/, 'openai-responses'],
  [/\/messages$/, 'anthropic'],
  [/:(?:stream)?[gG]enerateContent$/, 'gemini'],
];

/** Names of the tools a request sent, in the API's own shape. */
function toolNames(api: ProviderApi, body: Record<string, unknown>): string[] {
  const tools = (body.tools ?? []) as Array<Record<string, unknown>>;
  if (api === 'openai-chat') return tools.map((t) => (t.function as { name: string }).name);
  if (api === 'gemini') return tools.flatMap((t) => ((t.functionDeclarations ?? []) as Array<{ name: string }>).map((d) => d.name));
  return tools.map((t) => t.name as string);
}

/** Whether the request carries a tool's result: the model has called a tool on an earlier request. */
function carriesToolResult(raw: string): boolean {
  return ['"role":"tool"', '"function_call_output"', '"tool_result"', '"functionResponse"'].some((marker) => raw.includes(marker));
}

function answer(api: ProviderApi, model: string, call: string | undefined, args: Record<string, unknown> = {}): Record<string, unknown> {
  const usage = CANNED_USAGE[api];
  const created = 1_767_225_600;
  if (api === 'openai-chat') {
    const message = call
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: call, arguments: JSON.stringify(args) } }],
        }
      : { role: 'assistant', content: 'Paid.' };
    return {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message, finish_reason: call ? 'tool_calls' : 'stop', logprobs: null }],
      usage,
    };
  }
  if (api === 'openai-responses') {
    const output = call
      ? [{ type: 'function_call', id: 'fc_1', call_id: 'call_1', name: call, arguments: JSON.stringify(args), status: 'completed' }]
      : [
          {
            type: 'message',
            id: 'msg_1',
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: 'Paid.', annotations: [] }],
          },
        ];
    return {
      id: call ? 'resp_1' : 'resp_2',
      object: 'response',
      created_at: created,
      status: 'completed',
      model,
      output,
      parallel_tool_calls: true,
      tool_choice: 'auto',
      tools: [],
      usage,
    };
  }
  if (api === 'anthropic') {
    return {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model,
      content: call ? [{ type: 'tool_use', id: 'toolu_1', name: call, input: args }] : [{ type: 'text', text: 'Paid.' }],
      stop_reason: call ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage,
    };
  }
  return {
    candidates: [
      {
        content: { role: 'model', parts: call ? [{ functionCall: { name: call, args } }] : [{ text: 'Paid.' }] },
        finishReason: 'STOP',
        index: 0,
      },
    ],
    usageMetadata: usage,
    modelVersion: model,
  };
}

export class FakeProvider {
  readonly requests: CapturedRequest[] = [];
  /** Picks, of the tool names a request sent, the one the model calls; the first by default. */
  calling: (names: string[]) => string | undefined = (names) => names[0];
  /** The arguments the model calls a tool with; none by default. */
  argumentsOf: (name: string) => Record<string, unknown> = () => ({});
  /** Told after each answer is sent: a spec cuts a connection at a chosen point of a run. */
  answered: () => void = () => undefined;
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeProvider> {
    let provider: FakeProvider | undefined;
    const server = createServer((req, res) => void provider!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    provider = new FakeProvider(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return provider;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0];
    const api = API_OF.find(([pattern]) => pattern.test(path))?.[1];
    if (req.method !== 'POST' || !api) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${path}` } }));
      return;
    }
    const body = JSON.parse(raw) as Record<string, unknown>;
    this.requests.push({ api, path, raw, body });
    const call = carriesToolResult(raw) ? undefined : this.calling(toolNames(api, body));
    const model = typeof body.model === 'string' ? body.model : (/models\/([^:]+):/.exec(path)?.[1] ?? 'model');
    const answered = answer(api, model, call, call === undefined ? {} : this.argumentsOf(call));
    if (body.stream === true || path.endsWith(':streamGenerateContent')) {
      const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
      const events =
        api === 'openai-chat'
          ? chatStream(answered, streamOptions?.include_usage === true)
          : api === 'openai-responses'
            ? responsesStream(answered)
            : api === 'anthropic'
              ? anthropicStream(answered)
              : geminiStream(answered);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }).end(events);
    } else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answered));
    this.answered();
  }

  stop(): Promise<void> {
    // The SDKs keep their connections alive; closing them lets the process end now rather than at their idle timeout.
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
