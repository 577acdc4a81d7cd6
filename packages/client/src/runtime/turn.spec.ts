import type { BeginRuntimeTurnMutation } from '../../generated/graphql';
import { LoadoutError, LoadoutUnavailableError, type Client } from '../client';
import { openaiChat, type ChatCompletionLike } from './adapters/openai-chat';
import { contextOf } from './runtime-context';
import { beginTurn, MissingUsageError, Turn } from './turn';

const begun: BeginRuntimeTurnMutation['beginTurn'] = {
  id: 't1',
  index: 1,
  toolboxChanged: false,
  toolbox: {
    id: 'box',
    fingerprint: 'f',
    toolCount: 1,
    schemaTokens: 10,
    rendered: [{ type: 'function', function: { name: 'lookup', description: 'Looks up.', parameters: { type: 'object' } } }],
    tools: [
      { name: 'lookup', toolName: 'lookup', mcpServerName: null, mcpToolName: null, position: 1, contentHash: 'h', schemaTokens: 10 },
    ],
  },
};
const stored = { id: 't1', index: 1, completedAt: '2026-01-01T00:00:00Z', usage: null, cost: null };
const response: ChatCompletionLike = {
  choices: [{ message: { tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup' } }] } }],
  usage: { prompt_tokens: 10, completion_tokens: 2 },
};

/** A client answering by operation name, and the operations it was sent. */
function server(answers: Record<string, () => unknown>): { client: Client; sent: string[] } {
  const sent: string[] = [];
  const client: Client = async (document) => {
    const operation = /(?:query|mutation) (\w+)/.exec(document.toString())![1];
    sent.push(operation);
    return answers[operation]() as never;
  };
  return { client, sent };
}

describe('Turn', () => {
  it('gives the rendering as the adapter’s tools, and routes a called name to its tool', () => {
    const turn = new Turn(server({}).client, 'c1', begun, openaiChat);
    expect(turn.tools).toEqual(begun.toolbox.rendered);
    expect(turn.route('lookup')?.toolName).toBe('lookup');
  });

  it('reads back the stored turn when the server says it is already completed', async () => {
    const conflict = new LoadoutError([{ message: 'This turn is already completed', extensions: { code: 'CONFLICT', field: 'turnId' } }]);
    const { client, sent } = server({
      CompleteTurnWithProviderUsage: () => {
        throw conflict;
      },
      CompletedTurn: () => ({ turn: stored }),
      RecordToolCalls: () => ({ recordToolCalls: { accepted: 0, duplicates: 1 } }),
    });
    const finished = await new Turn(client, 'c1', begun, openaiChat).finish(response);
    expect(finished.turn).toEqual(stored);
    expect(finished.calls.map((c) => c.tool.toolName)).toEqual(['lookup']);
    expect(sent).toEqual(['CompleteTurnWithProviderUsage', 'CompletedTurn', 'RecordToolCalls']);
  });

  it('completes once however often it is asked', async () => {
    const { client, sent } = server({ CompleteTurnWithProviderUsage: () => ({ completeTurnWithProviderUsage: stored }) });
    const turn = new Turn(client, 'c1', begun, openaiChat);
    await Promise.all([turn.complete(response), turn.complete(response)]);
    expect(sent).toEqual(['CompleteTurnWithProviderUsage']);
  });

  it('sends nothing for a response without usage, and throws other errors as they came', async () => {
    const { client, sent } = server({
      CompleteTurnWithProviderUsage: () => {
        throw new LoadoutError([{ message: 'bad', extensions: { code: 'BAD_USER_INPUT', field: 'providerUsage.usage.prompt_tokens' } }]);
      },
    });
    const turn = new Turn(client, 'c1', begun, openaiChat);
    await expect(turn.finish({ choices: [] })).rejects.toBeInstanceOf(MissingUsageError);
    expect(sent).toEqual([]);
    await expect(turn.finish(response)).rejects.toMatchObject({ code: 'BAD_USER_INPUT', field: 'providerUsage.usage.prompt_tokens' });
  });

  it('sends a completion that failed again when asked again', async () => {
    let away = true;
    const { client, sent } = server({
      CompleteTurnWithProviderUsage: () => {
        if (away) throw new LoadoutError([{ message: 'fetch failed', extensions: { code: 'NETWORK_ERROR' } }]);
        return { completeTurnWithProviderUsage: stored };
      },
    });
    const turn = new Turn(client, 'c1', begun, openaiChat);
    await expect(turn.complete(response)).rejects.toMatchObject({ code: 'NETWORK_ERROR', retryable: true });
    away = false;
    expect(await turn.complete(response)).toEqual(stored);
    expect(sent).toEqual(['CompleteTurnWithProviderUsage', 'CompleteTurnWithProviderUsage']);
  });
});

describe('beginTurn', () => {
  const unreachable = () => {
    throw new LoadoutError([{ message: 'connect ECONNREFUSED', extensions: { code: 'NETWORK_ERROR' } }]);
  };

  it('falls back on the conversation’s last toolbox when the server cannot be reached, and records the turn once it answers', async () => {
    let away = false;
    const { client, sent } = server({
      BeginRuntimeTurn: () => (away ? unreachable() : { beginTurn: begun }),
      CompleteTurnWithProviderUsage: () => ({ completeTurnWithProviderUsage: { ...stored, id: 't1' } }),
      RecordToolCalls: () => ({ recordToolCalls: { accepted: 1, duplicates: 0 } }),
    });
    const context = contextOf(client);
    const first = await beginTurn(context, 'c1', openaiChat);
    expect(first.fallback).toBe(false);
    away = true;
    const second = await beginTurn(context, 'c1', openaiChat);
    expect({ fallback: second.fallback, tools: second.tools }).toEqual({ fallback: true, tools: begun.toolbox.rendered });
    await expect(second.finish(response)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    away = false;
    await second.finish(response);
    expect(sent).toEqual([
      'BeginRuntimeTurn',
      'BeginRuntimeTurn',
      'BeginRuntimeTurn',
      'BeginRuntimeTurn',
      'CompleteTurnWithProviderUsage',
      'RecordToolCalls',
    ]);
  });

  it('throws one LoadoutUnavailableError with nothing to fall back on, and a refusal as it came', async () => {
    await expect(beginTurn(server({ BeginRuntimeTurn: unreachable }).client, 'c1', openaiChat)).rejects.toBeInstanceOf(
      LoadoutUnavailableError,
    );
    const refused = server({
      BeginRuntimeTurn: () => {
        throw new LoadoutError([{ message: 'no such conversation', extensions: { code: 'NOT_FOUND', field: 'conversationId' } }]);
      },
    });
    await expect(beginTurn(refused.client, 'c1', openaiChat)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
