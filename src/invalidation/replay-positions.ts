/**
 * Where a replay starts, per organisation: the highest seq of its events
 * that this instance delivered or let pass, below which none of its events
 * is left to deliver. That holds because one organisation's events commit
 * in seq order (see PostgresNotifyBus); across organisations they need not,
 * so no single position could serve them all. An organisation without a
 * position (created since listening began) has all its events to deliver.
 */
export class ReplayPositions {
  private readonly seqs = new Map<string, bigint>();

  /** Events are heard in commit order but loaded concurrently: a position never moves back. */
  advance(organizationId: string, seq: bigint): void {
    const current = this.seqs.get(organizationId);
    if (current === undefined || seq > current) this.seqs.set(organizationId, seq);
  }

  /** Every position as two parallel arrays, for one query's `unnest`. */
  columns(): { organizationIds: string[]; seqs: string[] } {
    return { organizationIds: [...this.seqs.keys()], seqs: [...this.seqs.values()].map(String) };
  }
}
