import type { ToolSource } from '../loadout/vocabulary';
import { budgetLevel, budgetReport, verdictOf, type BudgetReportInput } from './budget-report';
import type { RosterRow } from '../usage/usage-scope';

const DAY = 24 * 60 * 60 * 1000;
const AS_OF = new Date('2025-06-30T12:00:00Z');
const daysAgo = (n: number) => new Date(AS_OF.getTime() - n * DAY);

function row(toolName: string, over: Partial<RosterRow> = {}): RosterRow {
  return { toolName, calls: 0, errors: 0, firstSurfacedAt: daysAgo(10), firstCalledAt: null, lastCalledAt: null, ...over };
}

/** A roster that opens the gate on its own: 200 calls, first one 7 days ago. */
const busy = row('busy', { calls: 200, firstCalledAt: daysAgo(7), lastCalledAt: daysAgo(0) });

function report(over: Partial<BudgetReportInput> = {}) {
  return budgetReport({
    asOf: AS_OF,
    tools: [],
    unprobedMcpServers: [],
    requestOverheadTokens: 12,
    warnThreshold: 48,
    hotThreshold: 96,
    roster: [busy],
    recentTurns: 0,
    ...over,
  });
}

const tool = (name: string, schemaTokens = 10, source: ToolSource = 'CUSTOM') => ({ name, source, schemaTokens, hostDependent: false });

describe('cost and level', () => {
  it('counts and sums by source, in a fixed order, and names the request overhead apart', () => {
    const r = report({ tools: [tool('a', 10, 'BUILT_IN'), tool('b', 20, 'MCP'), tool('c', 5, 'MCP')] });
    expect(r.bySource).toEqual([
      { source: 'BUILT_IN', count: 1, schemaTokens: 10 },
      { source: 'CUSTOM', count: 0, schemaTokens: 0 },
      { source: 'MINI_APP', count: 0, schemaTokens: 0 },
      { source: 'MCP', count: 2, schemaTokens: 25 },
    ]);
    expect(r.estimatedToolCount).toBe(3);
    expect(r.estimatedSchemaTokens).toBe(35);
    expect(r.requestOverheadTokens).toBe(12);
  });

  it('charges no overhead without tools', () => {
    const r = report({ tools: [] });
    expect(r.estimatedSchemaTokens).toBe(0);
    expect(r.requestOverheadTokens).toBe(0);
  });

  it.each([
    [47, 48, 96, 'OK'],
    [48, 48, 96, 'WARN'],
    [95, 48, 96, 'WARN'],
    [96, 48, 96, 'HOT'],
    [5, 5, 5, 'HOT'],
    [4, 5, 5, 'OK'],
  ] as const)('%i tools with warn %i and hot %i is %s', (count, warn, hot, level) => {
    expect(budgetLevel(count, warn, hot)).toBe(level);
  });

  it('names unprobed servers sorted', () => {
    expect(report({ unprobedMcpServers: ['zeta', 'alpha'] }).unprobedMcpServers).toEqual(['alpha', 'zeta']);
  });
});

describe('evidence gate', () => {
  it.each([
    ['199 calls over 7 days: closed', [row('x', { calls: 199, firstCalledAt: daysAgo(8) })], false],
    ['200 calls over 7 days: open', [row('x', { calls: 200, firstCalledAt: daysAgo(7) })], true],
    ['200 calls over 6.99 days: closed', [row('x', { calls: 200, firstCalledAt: new Date(AS_OF.getTime() - 7 * DAY + 60_000) })], false],
    [
      'calls of several tools add up, the earliest first call counts',
      [row('x', { calls: 100, firstCalledAt: daysAgo(7) }), row('y', { calls: 100, firstCalledAt: daysAgo(1) })],
      true,
    ],
    ['no calls at all: closed', [row('x')], false],
  ] as const)('%s', (_name, roster, open) => {
    const r = report({ roster: [...roster], tools: [tool('x')] });
    expect(r.evidence.gateOpen).toBe(open);
    expect(r.evidence.requiredCalls).toBe(200);
    expect(r.evidence.requiredDays).toBe(7);
  });

  it('suggests nothing while closed, even for a tool that is plainly unused', () => {
    const r = report({ roster: [row('x', { firstSurfacedAt: daysAgo(90) })], tools: [tool('x')] });
    expect(r.evidence.gateOpen).toBe(false);
    expect(r.suggestions).toEqual([]);
  });
});

describe('verdicts', () => {
  it.each([
    ['surfaced 7 days ago, never called', row('t', { firstSurfacedAt: daysAgo(7) }), 'NEVER_USED'],
    ['surfaced 6 days ago, never called', row('t', { firstSurfacedAt: daysAgo(6) }), null],
    ['last called 30 days ago', row('t', { calls: 3, firstCalledAt: daysAgo(40), lastCalledAt: daysAgo(30) }), 'COLD'],
    ['last called 29 days ago', row('t', { calls: 3, firstCalledAt: daysAgo(40), lastCalledAt: daysAgo(29) }), null],
    ['5 calls, all errors', row('t', { calls: 5, errors: 5, lastCalledAt: daysAgo(1) }), 'ALWAYS_FAILS'],
    ['4 calls, all errors', row('t', { calls: 4, errors: 4, lastCalledAt: daysAgo(1) }), null],
    ['5 calls, one success', row('t', { calls: 5, errors: 4, lastCalledAt: daysAgo(1) }), null],
    ['cold and always failing: cold first', row('t', { calls: 6, errors: 6, lastCalledAt: daysAgo(45) }), 'COLD'],
    [
      'called but never surfaced, long ago: no roster row, no verdict',
      row('t', { firstSurfacedAt: null, calls: 1, lastCalledAt: daysAgo(60) }),
      null,
    ],
    [
      'called but never surfaced, always failing: no verdict',
      row('t', { firstSurfacedAt: null, calls: 9, errors: 9, lastCalledAt: daysAgo(1) }),
      null,
    ],
  ] as const)('%s', (_name, r, verdict) => {
    expect(verdictOf(r, AS_OF)).toBe(verdict);
  });

  it('judges only surfaced tools with a roster row, and never the protected ones', () => {
    const protectedNames = ['AskUserQuestion', 'Bash', 'Read', 'Search', 'Write', 'Edit', 'ToolOutput'];
    const r = report({
      tools: [tool('unused'), tool('no_row'), ...protectedNames.map((n) => tool(n))],
      roster: [busy, row('unused'), row('gone_from_surface'), ...protectedNames.map((n) => row(n))],
    });
    expect(r.suggestions.map((s) => s.toolName)).toEqual(['unused']);
  });

  it('orders by verdict, calls, last use (never used first), then name, with projected savings', () => {
    const r = report({
      tools: ['n_b', 'n_a', 'c_two', 'c_one_old', 'c_one_new', 'f'].map((n) => tool(n, 7)),
      recentTurns: 30,
      roster: [
        busy,
        row('f', { calls: 5, errors: 5, lastCalledAt: daysAgo(1) }),
        row('c_two', { calls: 2, lastCalledAt: daysAgo(31) }),
        row('c_one_new', { calls: 1, lastCalledAt: daysAgo(31) }),
        row('c_one_old', { calls: 1, lastCalledAt: daysAgo(50) }),
        row('n_b'),
        row('n_a'),
      ],
    });
    expect(r.suggestions.map((s) => `${s.verdict}:${s.toolName}`)).toEqual([
      'NEVER_USED:n_a',
      'NEVER_USED:n_b',
      'COLD:c_one_old',
      'COLD:c_one_new',
      'COLD:c_two',
      'ALWAYS_FAILS:f',
    ]);
    expect(r.suggestions[0]).toMatchObject({ schemaTokens: 7, projectedSavingTokens: 7 * 30, calls: 0, lastUsedAt: null });
  });

  it('suggests nothing for a surfaced tool whose only row came from calls; it stays in inventedToolCalls', () => {
    const r = report({
      tools: [tool('called_only'), tool('unused')],
      roster: [busy, row('called_only', { firstSurfacedAt: null, calls: 6, errors: 6, lastCalledAt: daysAgo(40) }), row('unused')],
    });
    expect(r.suggestions.map((s) => s.toolName)).toEqual(['unused']);
    expect(r.inventedToolCalls).toEqual([{ name: 'called_only', calls: 6 }]);
  });

  it('reports calls to names no toolbox carried, most called first', () => {
    const r = report({
      tools: [tool('real')],
      roster: [
        busy,
        row('real'),
        row('made_up', { firstSurfacedAt: null, calls: 2 }),
        row('invented', { firstSurfacedAt: null, calls: 3 }),
      ],
    });
    expect(r.inventedToolCalls).toEqual([
      { name: 'invented', calls: 3 },
      { name: 'made_up', calls: 2 },
    ]);
  });
});
