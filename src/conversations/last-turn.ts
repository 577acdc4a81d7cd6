import type { DataSource } from 'typeorm';
import type { PageType } from '../loadout/vocabulary';
import { TurnEntity } from './turn.entity';
import { TURN_COLUMNS } from './turn-statements';

/** A toolbox's situation as its turns keep it (docs/semantics.md §3.1): no record id, which never changes a toolbox. */
export interface TurnSituation {
  agentId: string;
  channelId: string;
  pageType: PageType;
  contextObject: string | null;
}

/**
 * Each situation's latest turn (`Toolbox.lastTurn`): for each, the last
 * entry of its range of the turns' situation index, one step however many
 * conversations and turns the agent has. A situation with a context object
 * matches it by equality, one without by IS NULL, so each is an index range:
 * one statement for each kind that is asked for.
 */
export async function lastTurns(
  db: DataSource,
  organizationId: string,
  situations: readonly TurnSituation[],
): Promise<Array<TurnEntity | null>> {
  const found = new Array<TurnEntity | null>(situations.length).fill(null);
  for (const withContext of [true, false]) {
    const asked = situations.map((s, i) => ({ s, i })).filter(({ s }) => (s.contextObject !== null) === withContext);
    if (asked.length === 0) continue;
    const rows: Array<TurnEntity & { pos: string }> = await db.query(lastTurnsSql(withContext), [
      organizationId,
      asked.map(({ s }) => s.agentId),
      asked.map(({ s }) => s.channelId),
      asked.map(({ s }) => s.pageType),
      ...(withContext ? [asked.map(({ s }) => s.contextObject)] : []),
    ]);
    for (const { pos, ...turn } of rows) found[asked[Number(pos) - 1].i] = Object.assign(new TurnEntity(), turn);
  }
  return found;
}

/** $1 the organisation, $2 to $4 the situations' agents, channels and page types, and with context objects $5 theirs. */
function lastTurnsSql(withContext: boolean): string {
  // The context object leads the order although every row of the range has the same one: the planner takes
  // `IS NULL` for a filter, not an equality, and only with the column in the order reads the index backward
  // from the range's end rather than sorting the whole range (test/last-turn-plan.test.ts).
  const context = withContext ? 't.page_context_object = r.context_object' : 't.page_context_object IS NULL';
  return `SELECT r.pos, latest.*
      FROM unnest($2::uuid[], $3::uuid[], $4::text[]${withContext ? ', $5::text[]' : ''})
           WITH ORDINALITY AS r(agent, channel, page_type_asked${withContext ? ', context_object' : ''}, pos)
     CROSS JOIN LATERAL (
       SELECT ${TURN_COLUMNS} FROM turns t
        WHERE t.agent_id = r.agent AND t.channel_id = r.channel AND t.page_type = r.page_type_asked AND ${context}
          AND t.organization_id = $1
        ORDER BY t.page_context_object DESC, t.started_at DESC, t.id DESC LIMIT 1
     ) latest`;
}
