import type { EntityManager } from 'typeorm';
import { badInput } from '../common/errors';

/** The calls one turn keeps: far more than a response makes, and a bound on the row. */
export const TURN_CALLS_MAX = 200;

/** A call as its turn keeps it: the tool's stored name, whether it failed, when, and how long it took where its record said. */
export interface TurnCall {
  toolName: string;
  isError: boolean;
  at: string;
  durationMs?: number;
}

/** A call counted in a batch: its place there, to name it at fault, and its turn where it names one. */
export interface CallOfTurn {
  index: number;
  turn: { id: string; conversationId: string } | null;
  toolName: string;
  isError: boolean;
  at: Date;
  durationMs: number | null;
}

/**
 * Appends newly counted calls to the turns they name (docs/semantics.md
 * §4.5), in one statement; a turn that is not of the call's conversation in
 * the organisation is BAD_USER_INPUT naming the call, and the batch's
 * transaction writes nothing. A turn past TURN_CALLS_MAX keeps the calls it
 * has.
 */
export async function keepCallsOnTurns(m: EntityManager, organizationId: string, counted: readonly CallOfTurn[]): Promise<void> {
  const calls = counted.filter((c) => c.turn !== null);
  if (calls.length === 0) return;
  const rows = calls.map((c) => {
    const kept: TurnCall = { toolName: c.toolName, isError: c.isError, at: c.at.toISOString() };
    if (c.durationMs !== null) kept.durationMs = c.durationMs;
    return [c.turn!.id, c.turn!.conversationId, kept];
  });
  const found: Array<{ id: string; conversation_id: string }> = await m.query(
    `WITH sent AS (
       SELECT (r->>0)::uuid AS turn_id, (r->>1)::uuid AS conversation_id, jsonb_agg(r->2 ORDER BY o) AS calls
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(r, o)
        GROUP BY 1, 2
     ), kept AS (
       UPDATE turns t SET tool_calls = CASE WHEN jsonb_array_length(t.tool_calls) >= $3 THEN t.tool_calls
                                            ELSE t.tool_calls || sent.calls END
         FROM sent
        WHERE t.id = sent.turn_id AND t.conversation_id = sent.conversation_id AND t.organization_id = $1
       RETURNING t.id, t.conversation_id
     )
     SELECT id, conversation_id FROM kept`,
    [organizationId, JSON.stringify(rows), TURN_CALLS_MAX],
  );
  const kept = new Set(found.map((f) => `${f.id} ${f.conversation_id}`));
  const missing = calls.find((c) => !kept.has(`${c.turn!.id} ${c.turn!.conversationId}`));
  if (missing) throw badInput(`calls[${missing.index}].turnId`, 'names no turn of the call’s conversation');
}
