import { RULE_HINT_NOT, TOOL_HINTS, type ToolHint } from '../vocabulary';

/**
 * MCP tool annotations as `hint:` rules read them (docs/semantics.md §3.9).
 * A definition keeps what its server's annotations state, each TOOL_HINT
 * set to a boolean as `<hint>` (true) or `!<hint>` (false), in TOOL_HINTS
 * order; a hint left out, or set to anything else, is not stated. Whether a
 * hint is in effect follows MCP's defaults for what is not stated.
 */

/** What an annotations object states, as a definition keeps it. */
export function statedHints(annotations: Record<string, unknown> | null): string[] {
  if (annotations === null) return [];
  const stated: string[] = [];
  for (const hint of TOOL_HINTS) {
    const value = annotations[`${hint}Hint`];
    if (typeof value === 'boolean') stated.push(value ? hint : `${RULE_HINT_NOT}${hint}`);
  }
  return stated;
}

const statedValue = (hint: ToolHint, stated: readonly string[]): boolean | undefined =>
  stated.includes(hint) ? true : stated.includes(`${RULE_HINT_NOT}${hint}`) ? false : undefined;

/**
 * Whether an MCP tool's hint is in effect, by MCP's defaults: readOnly false,
 * destructive true, idempotent false, openWorld true. Destructive and
 * idempotent describe a tool that changes something: a read-only tool is
 * never destructive and always idempotent, whatever it states of them.
 */
export function hintInEffect(hint: ToolHint, stated: readonly string[]): boolean {
  const readOnly = statedValue('readOnly', stated) ?? false;
  switch (hint) {
    case 'readOnly':
      return readOnly;
    case 'destructive':
      return !readOnly && (statedValue('destructive', stated) ?? true);
    case 'idempotent':
      return readOnly || (statedValue('idempotent', stated) ?? false);
    case 'openWorld':
      return statedValue('openWorld', stated) ?? true;
  }
}

export interface HintTarget {
  hint: ToolHint;
  /** `hint:!<hint>`: the rule names the MCP tools the hint is not in effect for. */
  negated: boolean;
}

// Every target a rule can name, made once: rules are matched against every definition of a toolbox.
const HINT_TARGETS: ReadonlyMap<string, HintTarget> = new Map(
  TOOL_HINTS.flatMap((hint): [string, HintTarget][] => [
    [hint, { hint, negated: false }],
    [`${RULE_HINT_NOT}${hint}`, { hint, negated: true }],
  ]),
);

/** What follows `hint:` in a rule, read; null when it names no hint. */
export const hintTarget = (target: string): HintTarget | null => HINT_TARGETS.get(target) ?? null;
