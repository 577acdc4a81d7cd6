import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from '../common/logger';

/**
 * SQLSTATEs of a transaction that failed through no fault of its own and
 * may succeed when run again: a deadlock (40P01), a serialization failure
 * (40001), a lock wait given up at `lock_timeout` (55P03).
 */
const RETRYABLE = new Set(['40P01', '40001', '55P03']);

/** The SQLSTATE of a driver's error, or of the one TypeORM wraps. */
export function sqlState(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, driverError } = error as { code?: unknown; driverError?: { code?: unknown } };
  const state = driverError?.code ?? code;
  return typeof state === 'string' ? state : undefined;
}

export const isRetryable = (error: unknown): boolean => RETRYABLE.has(sqlState(error) ?? '');

/**
 * Runs `transaction` (all of one, so a failed try left nothing behind) up
 * to `attempts` times while it fails retryably, pausing about `pauseMs`
 * times the tries so far in between, jittered so that two transactions
 * that met once do not meet again in step. The last failure is thrown.
 */
export async function retrying<T>(what: string, attempts: number, pauseMs: number, transaction: () => Promise<T>): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await transaction();
    } catch (error) {
      if (!isRetryable(error) || tried >= attempts) throw error;
      logger.warn({ err: error, tried, attempts }, `${what}: retrying`);
      await sleep(pauseMs * tried * (0.5 + Math.random()));
    }
  }
}
