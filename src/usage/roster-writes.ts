import type { RosterWrites } from '../conversations/turn-statements';
import { SCOPE } from './usage-scope';

/**
 * The roster's writes for one turn, as the common table expressions
 * `roster_day` and `roster` that beginTurn's statement carries: the roster
 * rows of every tool the turn's toolbox carries (first surfaced set once), and
 * one more turn for the scope's day, both only where `when` holds. Over $1
 * organisation, $2 user, $3 project, $4 time (null: the statement's now())
 * and $5 the tool names; rows in the order recordToolCalls locks them too.
 */
export const rosterWrites: RosterWrites = (when) => {
  const at = 'COALESCE($4::timestamptz, now())';
  return `roster_day AS (
       INSERT INTO scope_turn_days (organization_id, user_id, project_id, day, turns)
       SELECT $1::uuid, $2::text, $3::uuid, (${at} AT TIME ZONE 'UTC')::date, 1 WHERE ${when}
       ON CONFLICT (${SCOPE}, day) DO UPDATE SET turns = scope_turn_days.turns + 1
     ), roster AS (
       INSERT INTO tool_usage (organization_id, user_id, project_id, tool_name, first_surfaced_at, last_surfaced_at, turns_surfaced)
       SELECT $1::uuid, $2::text, $3::uuid, name, ${at}, ${at}, 1 FROM unnest($5::text[]) AS name WHERE ${when} ORDER BY name
       ON CONFLICT (${SCOPE}, tool_name) DO UPDATE SET
         first_surfaced_at = COALESCE(tool_usage.first_surfaced_at, EXCLUDED.first_surfaced_at),
         last_surfaced_at = GREATEST(tool_usage.last_surfaced_at, EXCLUDED.last_surfaced_at),
         turns_surfaced = tool_usage.turns_surfaced + 1
     )`;
};
