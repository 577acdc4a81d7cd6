import { estimateToolTokens } from '../tokens/estimate-tokens';
import type { CompiledLoadout } from './compile';
import type { CompiledAgent, CompiledTool } from './compiled-parts';
import { situationFacts, type AgentFacts, type PageSituation, type SituationFacts } from '../rules/facts';
import { ASSEMBLY_READS, FILTERS, TOOL_FILTERS, fieldsRead, inScope, situationFailure, toolFailure } from '../rules/filters';
import { Cut, readsTokens, shadowWinner } from '../rules/stages';

/**
 * Classes of agents and of situations that carry equal toolboxes, so a
 * toolbox is assembled once per class. Which fields make up a class is read
 * off the filter table: every agent field some filter or the assembly
 * reads, and every situation field a filter of definitions reads. A filter
 * that starts reading another field changes the classes by construction;
 * each field's key below says how far its values can be told apart. See
 * docs/architecture.md, note "Classes".
 */

/** How an agent field enters the class key: its value, or less where more cannot change a toolbox. */
const AGENT_KEYS: { [F in keyof AgentFacts]: (agent: CompiledAgent, loadout: CompiledLoadout) => unknown } = {
  // An agent's own identity matters only where some definition is scoped to it.
  id: (a, l) => (l.scopedAgents.has(a.id) ? a.id : null),
  projectId: (a) => a.projectId,
  // The model only prices the token cap.
  model: (a) => (readsTokens(a) ? a.model : null),
  // A provider matters only where it refuses some definition's schema.
  provider: (a, l) => (l.refusingProviders.has(a.provider) ? a.provider : null),
  maxTools: (a) => a.maxTools,
  maxSchemaTokens: (a) => a.maxSchemaTokens,
  toolsMode: (a) => a.toolsMode,
  executionContext: (a) => a.executionContext,
  rules: (a) => a.rules.map((r) => `${r.on}:${r.effect}:${r.toolName}`).sort(),
  mcpServerInScope: (a) => a.mcpServerInScope,
};

/** How a situation field enters the class key. */
const SITUATION_KEYS: { [F in keyof SituationFacts]: (s: SituationFacts, agent: CompiledAgent, loadout: CompiledLoadout) => string } = {
  // Channels no definition names behave alike.
  channelKey: (s, _a, l) => (l.namedChannels.has(s.channelKey) ? s.channelKey : ''),
  pageType: (s) => s.pageType,
  // A context object matters only where it can bring a definition into the toolbox.
  contextObject: (s, a, l) =>
    s.contextObject !== null && contextsThatMatter(l, a, s.channelKey).has(s.contextObject) ? s.contextObject : '',
  recordId: (s) => s.recordId ?? '',
};

const AGENT_FIELDS = fieldsRead('agent', ASSEMBLY_READS, ...FILTERS.map((f) => f.reads));
/** The filters of the whole situation are asked first (situationClass), so only the others' fields key a class. */
const SITUATION_FIELDS = fieldsRead('situation', ...TOOL_FILTERS.map((f) => f.reads));

/** Agents with equal classes carry equal toolboxes in every situation. */
export function agentClass(loadout: CompiledLoadout, agent: CompiledAgent): string {
  const known = loadout.agentClasses.get(agent.id);
  if (known !== undefined) return known;
  const key = JSON.stringify(AGENT_FIELDS.map((field) => AGENT_KEYS[field](agent, loadout)));
  loadout.agentClasses.set(agent.id, key);
  return key;
}

/**
 * The agent's class in `after`, a loadout patched from `before`: where no
 * fact of the agent moved and a definition names it in both or neither,
 * the class it had, compared field by field rather than built again (an
 * edit a thousand agents see moves their versions and nothing their
 * classes read). Every key above reads only those.
 */
export function agentClassSince(before: CompiledLoadout, was: CompiledAgent, after: CompiledLoadout, is: CompiledAgent): string {
  const known = after.agentClasses.get(is.id);
  if (known !== undefined) return known;
  const prior = before.agentClasses.get(was.id);
  if (
    prior === undefined ||
    before.scopedAgents.has(was.id) !== after.scopedAgents.has(is.id) ||
    !sameProviders(before.refusingProviders, after.refusingProviders) ||
    !(was === is || sameFacts(was, is))
  )
    return agentClass(after, is);
  after.agentClasses.set(is.id, prior);
  return prior;
}

const FACTS = Object.keys(AGENT_KEYS) as Array<keyof AgentFacts>;

const sameProviders = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => a.size === b.size && [...a].every((p) => b.has(p));

function sameFacts(a: CompiledAgent, b: CompiledAgent): boolean {
  for (const field of FACTS) {
    if (field === 'rules') {
      if (a.rules.length !== b.rules.length) return false;
      for (let i = 0; i < a.rules.length; i++) {
        const [x, y] = [a.rules[i], b.rules[i]];
        if (x.on !== y.on || x.effect !== y.effect || x.toolName !== y.toolName) return false;
      }
    } else if (a[field] !== b[field]) return false;
  }
  return true;
}

/** The situation's part of its toolboxClass: situations of one agent with equal classes carry equal toolboxes. */
export function situationClass(loadout: CompiledLoadout, agent: CompiledAgent, channelKey: string, page: PageSituation): string {
  const situation = situationFacts(channelKey, page);
  // A filter of the whole situation drops everything: such situations all carry the empty toolbox.
  const everyone = situationFailure(agent, situation);
  if (everyone) return `-${everyone}`;
  return SITUATION_FIELDS.map((field) => SITUATION_KEYS[field](situation, agent, loadout)).join('\u0000');
}

/** Equal keys: equal toolboxes. */
export function toolboxClass(loadout: CompiledLoadout, agent: CompiledAgent, channelKey: string, page: PageSituation): string {
  return `${agentClass(loadout, agent)}\u0000${situationClass(loadout, agent, channelKey, page)}`;
}

// See docs/architecture.md, note "Context objects that matter".
/** The context objects whose RECORD pages can carry another toolbox than a page without one. */
function contextsThatMatter(loadout: CompiledLoadout, agent: CompiledAgent, channelKey: string): ReadonlySet<string> {
  const agentKey = agentClass(loadout, agent);
  let ofAgent = loadout.contextClasses.get(agentKey);
  if (!ofAgent) loadout.contextClasses.set(agentKey, (ofAgent = new Map()));
  const channelClass = loadout.namedChannels.has(channelKey) ? channelKey : '';
  const known = ofAgent.get(channelClass);
  if (known) return known;
  const withoutContext = situationFacts(channelKey, { type: 'RECORD' });
  const failure = (tool: CompiledTool) => (inScope(tool, agent) ? toolFailure(tool, agent, withoutContext) : 'AGENT_SCOPE');
  // Filters 1 to 9 on the channel's RECORD pages: a definition naming no context object fares alike on all of them.
  const passesEverywhere = (tool: CompiledTool) => tool.contextObjects === null && failure(tool) === null;
  // The shadow step, run with the rivals every RECORD page of the channel has: shadowed on each of them.
  const alwaysShadowed = (tool: CompiledTool) => shadowWinner(tool, loadout.sharedNames.get(tool.renderedName), passesEverywhere) !== tool;
  const out = new Set<string>();
  const lets = (tool: CompiledTool) => {
    if (failure(tool) === 'CONTEXT' && !alwaysShadowed(tool)) for (const c of tool.row.contextObjectKeys) out.add(c);
  };
  const stage = new Cut<CompiledTool>(agent, (tool) => estimateToolTokens(tool.visible, agent.model));
  for (const tool of stage.full ? [] : loadout.sorted) {
    if (tool.contextObjects) {
      lets(tool);
      continue;
    }
    if (!passesEverywhere(tool) || alwaysShadowed(tool)) continue;
    if (stage.next(tool) !== null || stage.full) break;
  }
  for (const tool of loadout.contextToolsSharingNames) lets(tool);
  ofAgent.set(channelClass, out);
  return out;
}
