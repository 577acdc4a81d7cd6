import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A `pg`-compatible pool over one embedded PGlite instance, for TypeORM's
 * postgres driver. PGlite is a single session: two transactions that overlap
 * on it interleave their statements. So this pool hands out its one
 * connection to one holder at a time (a FIFO queue), exactly like a `pg` pool
 * of size 1: a transaction owns the session from BEGIN to COMMIT/ROLLBACK and
 * a lone query waits its turn. Code inside a transaction must use that
 * transaction's manager: asking the pool for a second connection there would
 * wait forever. See docs/architecture.md, note "Embedded database".
 */
export class SerializedPGlitePool extends EventEmitter {
  private busy = false;
  private readonly waiting: Array<() => void> = [];
  private readonly connection: PGliteConnection;

  constructor(
    db: PGlite,
    /** Like pg's connectionTimeoutMillis: a holder waiting longer gets pg's own timeout error. */
    private readonly waitMs: number,
  ) {
    super();
    this.connection = new PGliteConnection(db);
  }

  /** As pg's pool reports them, for /metrics. */
  get totalCount(): number {
    return 1;
  }
  get idleCount(): number {
    return this.busy ? 0 : 1;
  }
  get waitingCount(): number {
    return this.waiting.length;
  }

  connect(callback: (err: Error | null, client: PGliteConnection | null, release: (err?: unknown) => void) => void): void {
    this.acquire().then(
      () => {
        let released = false;
        callback(null, this.connection, () => {
          if (released) return;
          released = true;
          this.releaseSession();
        });
      },
      (err: Error) => callback(err, null, () => undefined),
    );
  }

  async query(sql: string, params?: unknown[]): Promise<PgResult> {
    await this.acquire();
    try {
      return await this.connection.query(sql, params);
    } finally {
      this.releaseSession();
    }
  }

  end(callback?: (err: Error | null) => void): void {
    // The PGlite instance belongs to whoever created it: openDatabase (database.ts) closes it.
    callback?.(null);
  }

  private acquire(): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const granted = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(granted), 1);
        reject(new Error('timeout exceeded when trying to connect'));
      }, this.waitMs);
      this.waiting.push(granted);
    });
  }

  private releaseSession(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }
}

export interface PgResult {
  rows: unknown[];
  rowCount: number;
  command: string;
}

class PGliteConnection extends EventEmitter {
  constructor(private readonly db: PGlite) {
    super();
  }

  async query(sql: string, params?: unknown[]): Promise<PgResult> {
    const command = (/^\s*(\w+)/.exec(sql)?.[1] ?? '').toUpperCase();
    if (params && params.length > 0) {
      const result = await this.db.query(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length, command };
    }
    // Without parameters the simple protocol allows several statements (migrations).
    const results = await this.db.exec(sql);
    const last = results[results.length - 1];
    return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0, command };
  }
}

/** What TypeORM's postgres driver loads in place of the `pg` module. */
export function pgliteDriverModule(db: PGlite, waitMs: number): unknown {
  const pool = new SerializedPGlitePool(db, waitMs);
  return {
    Pool: class {
      constructor() {
        return pool;
      }
    },
  };
}
