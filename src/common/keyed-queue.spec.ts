import { KeyedQueue } from './keyed-queue';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('KeyedQueue', () => {
  it('runs the tasks of one key one at a time, in order', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running++;
      log.push(`${name}:${running}`);
      await tick();
      await tick();
      running--;
      return name;
    };
    const results = await Promise.all([queue.run('a', task('1')), queue.run('a', task('2')), queue.run('a', task('3'))]);
    expect(results).toEqual(['1', '2', '3']);
    expect(log).toEqual(['1:1', '2:1', '3:1']);
  });

  it('runs tasks of different keys side by side', async () => {
    const queue = new KeyedQueue();
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const first = queue.run('a', () => blocked);
    const other = await queue.run('b', () => Promise.resolve('b done'));
    expect(other).toBe('b done');
    release();
    await first;
  });

  it('keeps going after a failed task and passes its error on', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('a', () => Promise.reject(new Error('boom')));
    const next = queue.run('a', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('forgets a key once its last task ends', async () => {
    const queue = new KeyedQueue();
    await queue.run('a', () => Promise.resolve(1));
    await tick();
    expect(queue.size).toBe(0);
  });
});
