import { LoadoutError } from '../client';
import { Outbox } from './outbox';

const outage = () => new LoadoutError([{ message: 'connect ECONNREFUSED', extensions: { code: 'NETWORK_ERROR' } }]);

describe('the background sends', () => {
  it('sends each conversation’s in order, and tries one again through an outage until it goes through', async () => {
    const waits: number[] = [];
    const outbox = new Outbox({ sleep: async (ms) => void waits.push(ms) });
    const sent: string[] = [];
    let refusals = 3;
    const first = outbox.enqueue('c1', 'complete 1', async () => {
      if (refusals-- > 0) throw outage();
      sent.push('complete 1');
      return 1;
    });
    const second = outbox.enqueue('c1', 'record 1', async () => void sent.push('record 1'));
    expect(await first).toBe(1);
    await second;
    expect(sent).toEqual(['complete 1', 'record 1']);
    expect(waits).toEqual([250, 500, 1000]);
    expect(await outbox.flush()).toBe(true);
    expect(outbox.size).toBe(0);
  });

  it('waits what Retry-After asks, at most maxDelayMs', async () => {
    const waits: number[] = [];
    const outbox = new Outbox({ sleep: async (ms) => void waits.push(ms), maxDelayMs: 2_000 });
    let refusals = 2;
    await outbox.enqueue('c', 'x', async () => {
      if (refusals-- > 0)
        throw new LoadoutError([{ message: 'down', extensions: { code: 'SERVICE_UNAVAILABLE' } }], { status: 503, retryAfterMs: 60_000 });
    });
    expect(waits).toEqual([2_000, 2_000]);
  });

  it('gives up a send the server refuses, or one still failing past giveUpAfterMs, and tells onError; later sends go on', async () => {
    const told: Array<[string, string | undefined]> = [];
    let now = 0;
    const outbox = new Outbox({
      onError: (error, what) => told.push([what, error instanceof LoadoutError ? error.code : undefined]),
      sleep: async (ms) => void (now += ms),
      giveUpAfterMs: 10_000,
    });
    const realNow = Date.now;
    Date.now = () => now;
    try {
      expect(
        await outbox.enqueue('c', 'bad', async () =>
          Promise.reject(new LoadoutError([{ message: 'no', extensions: { code: 'BAD_USER_INPUT' } }])),
        ),
      ).toBeUndefined();
      expect(await outbox.enqueue('c', 'away', async () => Promise.reject(outage()))).toBeUndefined();
      expect(await outbox.enqueue('c', 'fine', async () => 'ok')).toBe('ok');
    } finally {
      Date.now = realNow;
    }
    expect(told).toEqual([
      ['bad', 'BAD_USER_INPUT'],
      ['away', 'NETWORK_ERROR'],
    ]);
    expect(now).toBeGreaterThanOrEqual(10_000);
  });

  it('drops a send past its bound, and says so', async () => {
    const told: Array<string | undefined> = [];
    const outbox = new Outbox({ maxItems: 2, onError: (error) => told.push(error instanceof LoadoutError ? error.code : undefined) });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const a = outbox.enqueue('a', 'a', () => held);
    const b = outbox.enqueue('b', 'b', async () => 'b');
    expect(await outbox.enqueue('c', 'c', async () => 'c')).toBeUndefined();
    expect(told).toEqual(['QUEUE_FULL']);
    expect(await outbox.flush(10)).toBe(false);
    release();
    await Promise.all([a, b]);
    expect(await outbox.flush()).toBe(true);
  });
});
