import { LoadoutError, loadoutClient, retryAfterMs, withRetries, type Client } from './client';
import { StartConversationDocument } from '../generated/graphql';

const unavailable = (retryAfter?: number) =>
  new LoadoutError([{ message: 'The database is unavailable; retry shortly', extensions: { code: 'SERVICE_UNAVAILABLE' } }], {
    status: 503,
    retryAfterMs: retryAfter,
  });
const badInput = new LoadoutError([{ message: 'input.channel: unknown', extensions: { code: 'BAD_USER_INPUT', field: 'input.channel' } }], {
  status: 200,
});
const variables = { input: { agentId: 'a', channel: 'web' } };
const answer = { startConversation: { id: 'c1', startedAt: '2026-01-01T00:00:00Z' } };

/** A client that throws the given errors in turn, then answers. */
function failing(...errors: LoadoutError[]): { send: Client; sends: () => number } {
  let sends = 0;
  const send: Client = async () => {
    const error = errors[sends++];
    if (error) throw error;
    return answer as never;
  };
  return { send, sends: () => sends };
}

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});

describe('withRetries', () => {
  it('sends again after SERVICE_UNAVAILABLE, waiting what Retry-After asks, capped', async () => {
    const waits: number[] = [];
    const { send, sends } = failing(unavailable(2000), unavailable(120_000));
    const client = withRetries(send, { sleep: async (ms) => void waits.push(ms) });
    await expect(client(StartConversationDocument, variables)).resolves.toEqual(answer);
    expect({ sends: sends(), waits }).toEqual({ sends: 3, waits: [2000, 30_000] });
  });

  it('doubles its wait where the server sent no Retry-After, and gives up after the last send with the last error', async () => {
    const waits: number[] = [];
    const last = unavailable();
    const { send, sends } = failing(unavailable(), unavailable(), unavailable(), last);
    const client = withRetries(send, { sleep: async (ms) => void waits.push(ms) });
    await expect(client(StartConversationDocument, variables)).rejects.toBe(last);
    expect({ sends: sends(), waits }).toEqual({ sends: 4, waits: [500, 1000, 2000] });
  });

  it('throws any other error at once', async () => {
    const { send, sends } = failing(badInput);
    await expect(withRetries(send, { sleep: async () => undefined })(StartConversationDocument, variables)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.channel',
    });
    expect(sends()).toBe(1);
  });
});

describe('loadoutClient', () => {
  afterEach(() => jest.restoreAllMocks());

  it('throws a proxy’s non-JSON 503 as a retryable LoadoutError with its status and Retry-After', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>busy</html>', { status: 503, headers: { 'retry-after': '7' } }));
    const error = await loadoutClient('http://127.0.0.1:9/graphql', 'key')(StartConversationDocument, variables).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoadoutError);
    expect(error).toMatchObject({ status: 503, retryAfterMs: 7000, retryable: true, code: undefined });
    expect((error as Error).message).toBe(
      'POST http://127.0.0.1:9/graphql answered HTTP 503 (text/plain;charset=UTF-8), not a GraphQL response: Loadout, or a proxy in front of it, is unavailable; the request may be sent again',
    );
  });

  it('throws the server’s outage with its code, its request id and its Retry-After', async () => {
    const errors = [
      { message: 'The database is unavailable; retry shortly', extensions: { code: 'SERVICE_UNAVAILABLE', requestId: 'r-1' } },
    ];
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ errors }), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '1' } }),
      );
    const error = await loadoutClient('http://127.0.0.1:9/graphql', 'key')(StartConversationDocument, variables).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', requestId: 'r-1', status: 503, retryAfterMs: 1000, retryable: true });
  });
});
