import { TimeoutError } from './http';

/**
 * Runs fn over the items, at most `concurrency` at once, started in the
 * items' order. Starts no more once the deadline has passed or one has
 * failed (then rethrows that failure once those in flight have settled).
 */
export async function forEachConcurrent<T>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<void>,
  deadline = Infinity,
): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length && failures.length === 0 && Date.now() < deadline) {
      const index = next++;
      try {
        await fn(items[index], index);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  if (failures.length > 0) throw failures[0];
}

/** Building a world is not what is measured: past this budget a build fails as a timeout instead of running for hours. */
export const BUILD_BUDGET_MS = 10 * 60_000;

/** forEachConcurrent over every item within the build budget; a TimeoutError naming `what` if they did not all finish. */
export async function buildAll<T>(
  what: string,
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let done = 0;
  const count = async (item: T, index: number) => {
    await fn(item, index);
    done++;
  };
  await forEachConcurrent(items, concurrency, count, Date.now() + BUILD_BUDGET_MS);
  if (done < items.length) throw new TimeoutError(`timeout: ${what}: ${done} of ${items.length} in ${BUILD_BUDGET_MS / 60_000} min`);
}
