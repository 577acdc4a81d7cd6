import type { Logger } from 'typeorm';

/** Counts the statements sent to the database, so a spec can prove a list costs a constant number of queries. */
export class QueryCounter implements Logger {
  count = 0;

  logQuery(): void {
    this.count++;
  }

  logQueryError(error: string | Error, query: string): void {
    // Constraint violations are user errors mapped to codes; anything else is worth a line.
    if (!/duplicate key|violates/.test(String(error))) console.error('query failed:', String(error), query.slice(0, 200));
  }

  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') console.warn(message);
  }
}
