import { excludingRule, ruleNames, type RuleTarget } from './filters';
import { hintInEffect, hintTarget, statedHints } from './hints';
import type { ToolRule } from './facts';
import { TOOL_HINTS } from '../vocabulary';

const mcp = (annotations: Record<string, unknown> | null): RuleTarget => ({
  name: 'mcp__s__t',
  renderedName: 'mcp__s__t',
  source: 'MCP',
  hints: statedHints(annotations),
});
const inEffect = (annotations: Record<string, unknown> | null) => TOOL_HINTS.filter((hint) => hintInEffect(hint, statedHints(annotations)));

describe('statedHints', () => {
  it('keeps each hint stated as a boolean, true or false, in TOOL_HINTS order, and nothing else', () => {
    expect(statedHints({ openWorldHint: false, title: 'T', readOnlyHint: true, destructiveHint: 'yes', idempotentHint: null })).toEqual([
      'readOnly',
      '!openWorld',
    ]);
    expect(statedHints({})).toEqual([]);
    expect(statedHints(null)).toEqual([]);
  });
});

describe('hints in effect, by MCP defaults', () => {
  it.each<[string, Record<string, unknown> | null, string[]]>([
    // A tool with no annotations at all may destroy and reach the open world.
    ['no annotations', null, ['destructive', 'openWorld']],
    ['annotations stating nothing', { title: 'Delete' }, ['destructive', 'openWorld']],
    ['read-only', { readOnlyHint: true }, ['readOnly', 'idempotent', 'openWorld']],
    // Destructive and idempotent mean something only for a tool that changes things.
    [
      'read-only stating destructive',
      { readOnlyHint: true, destructiveHint: true, idempotentHint: false },
      ['readOnly', 'idempotent', 'openWorld'],
    ],
    ['additive', { readOnlyHint: false, destructiveHint: false }, ['openWorld']],
    ['idempotent update in a closed world', { destructiveHint: false, idempotentHint: true, openWorldHint: false }, ['idempotent']],
    ['stated destructive', { destructiveHint: true }, ['destructive', 'openWorld']],
  ])('%s', (_case, annotations, hints) => {
    expect(inEffect(annotations)).toEqual(hints);
  });
});

describe('hint: rules', () => {
  it('reads hint:<hint> and hint:!<hint> for the four hints, and nothing else', () => {
    expect(hintTarget('readOnly')).toEqual({ hint: 'readOnly', negated: false });
    expect(hintTarget('!readOnly')).toEqual({ hint: 'readOnly', negated: true });
    for (const other of ['', '!', 'ReadOnly', '!!readOnly', 'readOnlyHint', 'not-readOnly']) expect(hintTarget(other)).toBeNull();
  });

  it('names an MCP tool that states no destructiveHint with hint:destructive, and no tool of another source', () => {
    expect(ruleNames('hint:destructive', mcp(null))).toBe(true);
    expect(ruleNames('hint:destructive', mcp({ destructiveHint: false }))).toBe(false);
    expect(ruleNames('hint:destructive', { ...mcp(null), source: 'CUSTOM' })).toBe(false);
    expect(ruleNames('hint:!readOnly', { ...mcp(null), source: 'BUILT_IN' })).toBe(false);
  });

  it('keeps only read-only MCP tools with one DENY on hint:!readOnly, and an agent ALLOW still keeps one tool', () => {
    const deny: ToolRule = { toolName: 'hint:!readOnly', effect: 'DENY', on: 'PROJECT' };
    expect(excludingRule(mcp({ readOnlyHint: true }), [deny])).toBeNull();
    expect(excludingRule(mcp({ readOnlyHint: false }), [deny])).toBe(deny);
    expect(excludingRule(mcp(null), [deny])).toBe(deny);
    expect(excludingRule(mcp(null), [{ toolName: 'mcp__s__t', effect: 'ALLOW', on: 'AGENT' }, deny])).toBeNull();
  });

  it('treats a hint name of an unknown hint as naming nothing', () => {
    expect(ruleNames('hint:dangerous', mcp(null))).toBe(false);
  });
});
