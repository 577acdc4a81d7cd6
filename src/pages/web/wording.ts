import type { Role } from '../../common/actor';
import type { InvalidationCauseEnum } from '../../loadout/change';
import { DROP_REASON_TEXT, type DropReason, type RuleLevel } from '../../loadout/vocabulary';

type InvalidationCause = `${InvalidationCauseEnum}`;

/** A tool left out of a turn, as the debugger's query reads it. */
export interface DropFacts {
  name: string;
  reason: DropReason;
  rule?: { subject: string; level: RuleLevel } | null;
  /** INCOMPATIBLE_SCHEMA: the provider schema rule broken, and where, in words. */
  schemaRefusal?: { message: string } | null;
  /** The winner of a shadowing, with where it sits when that is known. */
  shadowedBy?: { name: string; scope?: DefinitionScope } | null;
}

export type DefinitionScope = 'AGENT' | 'PROJECT' | 'ORGANIZATION';

/** Where a definition sits, from the ids it names. */
export const scopeOf = (definition: { agent: unknown; project: unknown }): DefinitionScope =>
  definition.agent ? 'AGENT' : definition.project ? 'PROJECT' : 'ORGANIZATION';

/** What a changed toolbox gained, lost and changed. */
export interface DiffFacts {
  added: readonly string[];
  removed: readonly string[];
  changed: readonly string[];
  reordered: boolean;
}

export const CAUSES: Record<InvalidationCause, string> = {
  AGENT_UPDATED: 'Agent settings changed',
  CHANGE_SET: 'Change set applied',
  MCP_INVENTORY_CHANGED: 'MCP server inventory changed',
  MCP_SERVER_CHANGED: 'MCP server settings changed',
  MINI_APP_CHANGED: 'Mini app changed',
  RULE_CHANGED: 'Permission rule changed',
  TOOL_CREATED: 'Tool created',
  TOOL_DELETED: 'Tool deleted',
  TOOL_UPDATED: 'Tool updated',
};

const OWNER: Record<DefinitionScope, string> = { AGENT: "the agent's ", PROJECT: "the project's ", ORGANIZATION: "the organisation's " };

/**
 * Why a tool was left out, in one sentence that names what did it: the rule
 * of an exclusion, the winner of a shadowing. Where that is no longer known
 * (a deleted definition), the reason as the schema describes it.
 */
export function dropSentence(drop: DropFacts): string {
  if (drop.reason === 'EXCLUDED' && drop.rule) {
    return `Excluded by the ${drop.rule.level === 'AGENT' ? "agent's" : "project's"} rule ${drop.rule.subject}`;
  }
  if (drop.reason === 'INCOMPATIBLE_SCHEMA' && drop.schemaRefusal) return `Its schema breaks ${drop.schemaRefusal.message}`;
  if (drop.reason === 'SHADOWED' && drop.shadowedBy) {
    const { name, scope } = drop.shadowedBy;
    return `Shadowed by ${scope ? OWNER[scope] : ''}${name}`;
  }
  return DROP_REASON_TEXT[drop.reason];
}

/** Who made a change, once: a key named after its role reads "by admin", not "by admin (admin)". */
export function actorText(actor: { name: string; role: Role } | null | undefined): string {
  if (!actor) return 'by the platform';
  const role = actor.role.toLowerCase();
  return actor.name.toLowerCase() === role ? `by ${actor.name}` : `by ${actor.name} (${role})`;
}

/** The tools a change touched, as a phrase that can open a sentence: "search_docs changed, summarise_case added". */
export function effectPhrase(diff: DiffFacts): string | null {
  const parts = [
    ...diff.changed.map((name) => `${name} changed`),
    ...diff.added.map((name) => `${name} added`),
    ...diff.removed.map((name) => `${name} removed`),
    ...(diff.reordered ? ['the order changed'] : []),
  ];
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Identifies a drop with everything the page prints about it. */
const dropKey = (d: DropFacts): string => JSON.stringify([d.name, d.reason, dropSentence(d)]);

/**
 * Whether a turn left out anything other than the turn before did (names,
 * reasons and what caused them): a turn that left out the same is not
 * listed again.
 */
export function droppedDiffers(previous: readonly DropFacts[] | undefined, dropped: readonly DropFacts[]): boolean {
  if (!previous) return dropped.length > 0;
  const before = new Set(previous.map(dropKey));
  return previous.length !== dropped.length || dropped.some((d) => !before.has(dropKey(d)));
}
