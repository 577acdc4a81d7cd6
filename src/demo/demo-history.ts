import { COLD_DAYS } from '../budget/budget-report';
import { DAY_MS } from '../common/time';
import type { UsageInput } from '../conversations/turn-completion.service';
import type { PageSituation } from '../loadout/rules';

/*
 * The demo's past five weeks: conversations of one end user with the support
 * agent, each a few turns and the tool calls made in them, placed on fixed
 * hours of days before the seeding day, so every seed tells the same story
 * relative to its day. The budget report reads it as a runtime's telemetry:
 * the evidence gate is open and each verdict has a tool to show.
 */

/** The end user whose history the demo's budget report reads. */
export const HISTORY_USER = 'dana@acme.example';

/** Days before the seeding day, oldest first: two conversations a week, few enough to keep the seed quick. */
const DAYS_AGO = [34, 31, 27, 24, 20, 17, 13, 10, 6, 3];

/** Surfaced on every page of the history and never called: NEVER_USED. */
export const NEVER_CALLED_TOOL = 'track_shipment';
/** Called only in conversations more than COLD_DAYS before the seeding day: COLD. */
export const COLD_TOOL = 'mcp__github__search_issues';
/** Called in every conversation, and every call fails: ALWAYS_FAILS. */
export const FAILING_TOOL = 'mcp__github__get_issue';

/** The calls of every conversation that succeed, and how many of each, besides the record page's own tool. */
const ROUTINE_CALLS: Array<[tool: string, times: number]> = [
  ['Search', 6],
  ['Read', 4],
  ['AskUserQuestion', 2],
  ['Edit', 2],
  ['create_case', 1],
  ['ToolOutput', 1],
  ['McpResources', 1],
];
const PAGE_TOOL_CALLS = 3;
const COLD_TOOL_CALLS = 2;
const FAILING_TOOL_CALLS = 2;

const MINUTE_MS = 60 * 1000;
const TURN_MINUTES = [0, 4];

export interface HistoryCall {
  toolName: string;
  isError: boolean;
  at: Date;
}

export interface HistoryTurn {
  at: Date;
  completedAt: Date;
  usage: UsageInput;
}

export interface HistoryConversation {
  startedAt: Date;
  page: PageSituation;
  turns: HistoryTurn[];
  calls: HistoryCall[];
}

/** The history as of `now`, oldest conversation first; every instant before `now`'s UTC day. */
export function demoHistory(now: Date): HistoryConversation[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return DAYS_AGO.map((daysAgo, i) => {
    const startedAt = today - daysAgo * DAY_MS + (9 + (i % 8)) * 60 * MINUTE_MS;
    const onOrder = i % 2 === 0;
    const page: PageSituation = onOrder
      ? { type: 'RECORD', contextObject: 'Order', recordId: `ord_${1001 + i}` }
      : { type: 'RECORD', contextObject: 'Account', recordId: `acc_${501 + i}` };
    const pageTool = onOrder ? 'refund_order' : 'lookup_account';
    const turns = TURN_MINUTES.map((minute, t) => ({
      at: new Date(startedAt + minute * MINUTE_MS),
      completedAt: new Date(startedAt + minute * MINUTE_MS + (20 + 5 * t) * 1000),
      usage: turnUsage(t, i),
    }));
    const succeeded = [
      ...ROUTINE_CALLS.flatMap(([tool, times]) => Array<string>(times).fill(tool)),
      ...Array<string>(PAGE_TOOL_CALLS).fill(pageTool),
      ...Array<string>(daysAgo > COLD_DAYS ? COLD_TOOL_CALLS : 0).fill(COLD_TOOL),
    ];
    const calls = [
      ...succeeded.map((toolName) => ({ toolName, isError: false })),
      ...Array.from({ length: FAILING_TOOL_CALLS }, () => ({ toolName: FAILING_TOOL, isError: true })),
    ].map((call, c) => ({ ...call, at: new Date(turns[c % turns.length].at.getTime() + (c + 1) * 10 * 1000) }));
    return { startedAt: new Date(startedAt), page, turns, calls };
  });
}

/** A turn's usage as a provider reports it: the first writes the cache, later ones read it. */
function turnUsage(turn: number, conversation: number): UsageInput {
  const input = 3800 + 450 * turn + 30 * (conversation % 5);
  if (turn === 0) return { inputTokens: input, cacheWriteTokens: 3500, outputTokens: 160 };
  return { inputTokens: input, cachedInputTokens: 3500 + 400 * (turn - 1), cacheWriteTokens: 400, outputTokens: 120 - 15 * turn };
}
