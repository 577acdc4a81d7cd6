import { aiSdkStep, usageFormatOf } from './ai-sdk';
import { anthropicMessages } from './anthropic-messages';
import { gemini } from './gemini';
import { agentsModelResponse } from './openai-agents';
import { openaiChat } from './openai-chat';
import { openaiResponses } from './openai-responses';

describe('the adapters read the tool calls of their provider’s response, and nothing else', () => {
  it('OpenAI Chat: function tool calls, not custom ones', () => {
    const calls = openaiChat.calls({
      choices: [
        {
          message: {
            tool_calls: [
              { id: 'a', type: 'function', function: { name: 'f' } },
              { id: 'b', type: 'custom' },
            ],
          },
        },
        { message: {} },
      ],
    });
    expect(calls).toEqual([{ id: 'a', name: 'f' }]);
  });

  it('OpenAI Responses: function_call items by call_id', () => {
    const calls = openaiResponses.calls({
      output: [{ type: 'message' }, { type: 'function_call', name: 'f', call_id: 'c' }, { type: 'mcp_call', name: 'g' }],
    });
    expect(calls).toEqual([{ id: 'c', name: 'f' }]);
  });

  it('Anthropic: tool_use blocks, not the provider’s own server tools', () => {
    const calls = anthropicMessages.calls({
      content: [
        { type: 'server_tool_use', id: 's', name: 'web_search' },
        { type: 'tool_use', id: 't', name: 'f' },
      ],
    });
    expect(calls).toEqual([{ id: 't', name: 'f' }]);
  });

  it('Gemini: functionCall parts, with or without an id', () => {
    const calls = gemini.calls({
      candidates: [{ content: { parts: [{}, { functionCall: { name: 'f' } }, { functionCall: { id: 'i', name: 'g' } }] } }],
    });
    expect(calls).toEqual([
      { id: undefined, name: 'f' },
      { id: 'i', name: 'g' },
    ]);
  });

  it('AI SDK: tool-call parts, a call whose tool failed as an error', () => {
    const step = {
      model: { provider: 'anthropic.messages' },
      usage: { raw: { input_tokens: 1, output_tokens: 1 } },
      content: [
        { type: 'tool-call', toolCallId: '1', toolName: 'f' },
        { type: 'tool-call', toolCallId: '2', toolName: 'g' },
        { type: 'tool-error', toolCallId: '2', toolName: 'g' },
      ],
    };
    expect(aiSdkStep.calls(step)).toEqual([
      { id: '1', name: 'f', isError: false },
      { id: '2', name: 'g', isError: true },
    ]);
    expect(aiSdkStep.usage(step)).toEqual({ format: 'ANTHROPIC', usage: { input_tokens: 1, output_tokens: 1 } });
  });
});

describe('the usage each adapter sends', () => {
  it('names the AI SDK step’s format by its provider, and none for a provider Loadout does not read', () => {
    expect(['openai.responses', 'openai.chat', 'anthropic.messages', 'google.generative-ai', 'mistral.chat'].map(usageFormatOf)).toEqual([
      'OPENAI_RESPONSES',
      'OPENAI_CHAT',
      'ANTHROPIC',
      'GEMINI',
      undefined,
    ]);
  });

  it('sends the Agents SDK response’s raw usage in its own format, and the SDK’s counts where there is none', () => {
    const output = [{ type: 'function_call', name: 'f', callId: 'c' }];
    const usage = { inputTokens: 7, outputTokens: 3 };
    const raw = { input_tokens: 9, input_tokens_details: { cached_tokens: 4, cache_write_tokens: 2 }, output_tokens: 3 };
    expect(agentsModelResponse.usage({ output, usage, providerData: { usage: raw } })).toEqual({ format: 'OPENAI_RESPONSES', usage: raw });
    expect(agentsModelResponse.usage({ output, usage, providerData: { usage: { prompt_tokens: 9, completion_tokens: 3 } } })?.format).toBe(
      'OPENAI_CHAT',
    );
    expect(agentsModelResponse.usage({ output, usage })).toEqual({
      format: 'OPENAI_RESPONSES',
      usage: { input_tokens: 7, output_tokens: 3, input_tokens_details: {} },
    });
    expect(agentsModelResponse.calls({ output, usage })).toEqual([{ id: 'c', name: 'f' }]);
  });

  it('keeps the cached tokens of a streamed Agents SDK response, whose raw data has no usage, and the model that answered', () => {
    const output = [{ type: 'function_call', name: 'f', callId: 'c' }];
    const perRequest = { inputTokens: 2000, outputTokens: 50, inputTokensDetails: [{ cached_tokens: 1500 }] };
    expect(agentsModelResponse.usage({ output, usage: perRequest, providerData: { model: 'gpt-4.1-2025-04-14' } })).toEqual({
      format: 'OPENAI_RESPONSES',
      usage: { input_tokens: 2000, output_tokens: 50, input_tokens_details: { cached_tokens: 1500 } },
      model: 'gpt-4.1-2025-04-14',
    });
    const oneRecord = { inputTokens: 10, outputTokens: 1, inputTokensDetails: { cached_tokens: 4 } };
    expect(agentsModelResponse.usage({ output, usage: oneRecord })?.usage).toEqual({
      input_tokens: 10,
      output_tokens: 1,
      input_tokens_details: { cached_tokens: 4 },
    });
  });

  it('sends a usage object as its JSON, whatever class the SDK built it with', () => {
    class UsageMetadata {
      promptTokenCount = 5;
      candidatesTokenCount = 1;
    }
    expect(gemini.usage({ usageMetadata: new UsageMetadata() })).toEqual({
      format: 'GEMINI',
      usage: { promptTokenCount: 5, candidatesTokenCount: 1 },
    });
  });
});
