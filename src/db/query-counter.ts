import type { Logger } from 'typeorm';
import { logger } from '../common/logger';
import { isDatabaseUnavailable } from '../common/unavailable';
import { isRetryable } from './retry';

/** Ends a statement of background work (the MCP probe rounds): not one a request sent, so not counted. */
export const BACKGROUND_SQL = ' /* background */';

/** Counts the statements requests send to the database, so a spec can prove a list costs a constant number of queries. */
export class QueryCounter implements Logger {
  count = 0;

  logQuery(query: string): void {
    if (!query.endsWith(BACKGROUND_SQL)) this.count++;
  }

  logQueryError(error: string | Error, query: string): void {
    // Constraint violations are user errors mapped to codes, and an outage is logged once per request that met it.
    if (/duplicate key|violates/.test(String(error)) || isDatabaseUnavailable(error)) return;
    // A deadlock or a lock wait given up is retried by whoever ran it, and logged there if the retries run out.
    if (isRetryable(error)) logger.debug({ err: error, query: query.slice(0, 200) }, 'query failed, retryably');
    else logger.error({ err: error, query: query.slice(0, 200) }, 'query failed');
  }

  /** An idle pooled connection failed (the server went away): the pool drops it and the process goes on. */
  poolError(error: Error): void {
    logger.warn({ err: error }, 'database connection lost');
  }

  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') logger.warn({ message: String(message) }, 'database driver warning');
  }
}
