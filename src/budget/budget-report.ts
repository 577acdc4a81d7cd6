import { PROTECTED_TOOLS, TOOL_SOURCES, type BudgetLevel, type ToolSource, type Verdict } from '../loadout/vocabulary';
import { DAY_MS } from '../common/time';
import type { RosterRow } from '../usage/usage-scope';

/**
 * The budget report of docs/semantics.md §7 as pure functions over plain
 * data: what the surfaced tools cost, whether the usage evidence suffices,
 * and which tools the evidence says could go. The surface itself is the
 * reference assembly's subset (loadout/rules/assemble.ts, budgetSurface).
 */

export const REQUIRED_CALLS = 200;
export const REQUIRED_DAYS = 7;
export const NEVER_USED_DAYS = 7;
export const COLD_DAYS = 30;
export const ALWAYS_FAILS_MIN_CALLS = 5;

const VERDICT_RANK: Record<Verdict, number> = { NEVER_USED: 0, COLD: 1, ALWAYS_FAILS: 2 };

/** A surfaced tool as the report counts it. */
export interface SurfacedTool {
  name: string;
  source: ToolSource;
  schemaTokens: number;
  hostDependent: boolean;
}

export interface BudgetReportInput {
  asOf: Date;
  /** The surface, in Sort Order. */
  tools: readonly SurfacedTool[];
  unprobedMcpServers: readonly string[];
  /** The provider's fixed cost of a request with tools, counted once. */
  requestOverheadTokens: number;
  warnThreshold: number;
  hotThreshold: number;
  /** Every roster row of the scope (user, project). */
  roster: readonly RosterRow[];
  /** Turns the scope began in the 7 days up to asOf. */
  recentTurns: number;
}

export interface Suggestion {
  toolName: string;
  verdict: Verdict;
  calls: number;
  errors: number;
  lastUsedAt: Date | null;
  firstSurfacedAt: Date | null;
  schemaTokens: number;
  projectedSavingTokens: number;
}

export interface BudgetReport {
  estimatedToolCount: number;
  estimatedSchemaTokens: number;
  requestOverheadTokens: number;
  bySource: Array<{ source: ToolSource; count: number; schemaTokens: number }>;
  tools: SurfacedTool[];
  unprobedMcpServers: string[];
  warnThreshold: number;
  hotThreshold: number;
  level: BudgetLevel;
  evidence: { totalCalls: number; firstCallAt: Date | null; requiredCalls: number; requiredDays: number; gateOpen: boolean };
  suggestions: Suggestion[];
  inventedToolCalls: Array<{ name: string; calls: number }>;
}

export function budgetLevel(count: number, warn: number, hot: number): BudgetLevel {
  if (count >= hot) return 'HOT';
  return count >= warn ? 'WARN' : 'OK';
}

const daysBefore = (asOf: Date, at: Date): number => (asOf.getTime() - at.getTime()) / DAY_MS;

/** The first verdict that applies to a roster row, or null; a row no turn created (calls only) gets none. */
export function verdictOf(row: RosterRow, asOf: Date): Verdict | null {
  if (!row.firstSurfacedAt) return null;
  if (row.calls === 0 && daysBefore(asOf, row.firstSurfacedAt) >= NEVER_USED_DAYS) return 'NEVER_USED';
  if (row.lastCalledAt && daysBefore(asOf, row.lastCalledAt) >= COLD_DAYS) return 'COLD';
  if (row.calls >= ALWAYS_FAILS_MIN_CALLS && row.errors === row.calls) return 'ALWAYS_FAILS';
  return null;
}

/** Verdict as listed, then calls ascending, then last use ascending (never used first), then name. */
export function compareSuggestions(a: Suggestion, b: Suggestion): number {
  if (a.verdict !== b.verdict) return VERDICT_RANK[a.verdict] - VERDICT_RANK[b.verdict];
  if (a.calls !== b.calls) return a.calls - b.calls;
  const la = a.lastUsedAt?.getTime() ?? -Infinity;
  const lb = b.lastUsedAt?.getTime() ?? -Infinity;
  if (la !== lb) return la < lb ? -1 : 1;
  return a.toolName < b.toolName ? -1 : a.toolName > b.toolName ? 1 : 0;
}

export function budgetReport(input: BudgetReportInput): BudgetReport {
  const { asOf, tools, roster } = input;
  const bySource = TOOL_SOURCES.map((source) => {
    const of = tools.filter((t) => t.source === source);
    return { source, count: of.length, schemaTokens: of.reduce((sum, t) => sum + t.schemaTokens, 0) };
  });
  const toolTokens = bySource.reduce((sum, s) => sum + s.schemaTokens, 0);

  const totalCalls = roster.reduce((sum, r) => sum + r.calls, 0);
  const firstCallAt = roster.reduce<Date | null>(
    (min, r) => (r.firstCalledAt && (!min || r.firstCalledAt < min) ? r.firstCalledAt : min),
    null,
  );
  const gateOpen = totalCalls >= REQUIRED_CALLS && firstCallAt !== null && daysBefore(asOf, firstCallAt) >= REQUIRED_DAYS;

  // The surface holds one definition per name (the one a toolbox carries).
  const tokensByName = new Map(tools.map((t) => [t.name, t.schemaTokens]));
  const suggestions: Suggestion[] = [];
  if (gateOpen) {
    for (const row of roster) {
      const schemaTokens = tokensByName.get(row.toolName);
      if (schemaTokens === undefined || PROTECTED_TOOLS.has(row.toolName)) continue;
      const verdict = verdictOf(row, asOf);
      if (!verdict) continue;
      suggestions.push({
        toolName: row.toolName,
        verdict,
        calls: row.calls,
        errors: row.errors,
        lastUsedAt: row.lastCalledAt,
        firstSurfacedAt: row.firstSurfacedAt,
        schemaTokens,
        projectedSavingTokens: schemaTokens * input.recentTurns,
      });
    }
    suggestions.sort(compareSuggestions);
  }

  return {
    estimatedToolCount: tools.length,
    estimatedSchemaTokens: toolTokens,
    requestOverheadTokens: tools.length > 0 ? input.requestOverheadTokens : 0,
    bySource,
    tools: [...tools],
    unprobedMcpServers: [...input.unprobedMcpServers].sort(),
    warnThreshold: input.warnThreshold,
    hotThreshold: input.hotThreshold,
    level: budgetLevel(tools.length, input.warnThreshold, input.hotThreshold),
    evidence: { totalCalls, firstCallAt, requiredCalls: REQUIRED_CALLS, requiredDays: REQUIRED_DAYS, gateOpen },
    suggestions,
    inventedToolCalls: roster
      .filter((r) => r.firstSurfacedAt === null && r.calls > 0)
      .map((r) => ({ name: r.toolName, calls: r.calls }))
      .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
}
