import type { Actor } from '../common/actor';
import { ANSWER_SOURCE } from '../common/answer-source';
import { badInput, notFound } from '../common/errors';
import { estimateToolTokens, renderedToolName, shownRefusal, type ShownRefusal, type VisibleTool } from '../loadout/tokens';
import { type PageSituation, type Placed, reaches, ruleNames, ruleSubject, ruleWarning, shadowRelations } from '../loadout/rules';
import {
  type AgentRow,
  assembleCompiled,
  type CatalogueRow,
  type CompiledAgent,
  type CompiledLoadout,
  type CompiledTool,
  type LoadoutCache,
  type RuleRow,
  type SituationToolbox,
  toolboxOf,
  type ToolRow,
} from '../loadout/compiled';
import { toolboxId, type ResolvedPage } from './toolbox-id';
import { unknownChannelMessage } from './unknown-channel';
import { carriedNamesOf, type CarriedNames } from './carried-names';

export interface ResolvedToolbox {
  /** Every field without arguments or a resolver of its own is read from the loadout: answers stand while it is current. */
  readonly [ANSWER_SOURCE]: CompiledLoadout;
  /** The situation's id (see toolbox-id.ts), made when read: most requests do not select it. */
  readonly id: string;
  /** The compiled row; the agent a client reads is the stored one (see stored-objects.ts), as are the definitions below. */
  agent: AgentRow;
  channel: CatalogueRow;
  page: ResolvedPage;
  fingerprint: string;
  /** `name`, `contentHash` and `visible`: the tool as the provider is sent it (see tokens/tool-names.ts). */
  tools: ResolvedEntry[];
  toolCount: number;
  schemaTokens: number;
  /** Assembled again on first read, with every candidate: a request that does not ask for it stops at the cut. */
  readonly dropped: ResolvedDrop[];
  loadoutVersion: number;
}

export interface ResolvedEntry extends CarriedNames {
  position: number;
  name: string;
  tool: ToolRow;
  visible: VisibleTool;
  contentHash: string;
  schemaTokens: number;
}

/** A definition as shadowing reads it: where it applies, its name and Sort Order. */
export type ShadowSubject = Omit<Placed, 'renderedName'>;

/** What a rule names and where it sits. */
export interface RuleSubject {
  toolName: string;
  agentId: string | null;
  projectId: string | null;
}

export interface ResolvedDrop {
  /** The name the toolbox would carry it under. */
  name: string;
  tool: ToolRow;
  reason: string;
  /** SHADOWED: the definition of the same name carried instead. */
  shadowedBy: ToolRow | null;
  /** EXCLUDED: the stored DENY rule that applied, as the API shows a rule. */
  rule: (RuleRow & { subject: string }) | null;
  /** INCOMPATIBLE_SCHEMA: the schema rule the agent's provider refuses, and where. */
  schemaRefusal: ShownRefusal | null;
}

/** The Agent Runtime Preview and the toolbox of every turn, from the organisation's compiled loadout. */
export class ToolboxService {
  /**
   * The schema tokens of a remembered toolbox's entries, per model: every
   * request for it shares them. The entries themselves are made per request,
   * so a cached loadout does not hold them (docs/architecture.md, note "Cache memory").
   */
  private readonly tokens = new WeakMap<SituationToolbox, Map<string, { each: readonly number[]; sum: number }>>();

  constructor(private readonly cache: LoadoutCache) {}

  /** What the agent carries in this situation now. */
  async resolve(actor: Actor, agentId: string, channelKey: string, page: PageSituation | undefined): Promise<ResolvedToolbox> {
    return this.resolveIn(await this.loadoutOf(actor), agentId, channelKey, page);
  }

  /** What the agent carries in this situation in this loadout (NOT_FOUND, or BAD_USER_INPUT naming `channel` or `page`). */
  resolveIn(loadout: CompiledLoadout, agentId: string, channelKey: string, page: PageSituation | undefined): ResolvedToolbox {
    const agent = this.agentIn(loadout, agentId);
    if (!agent) throw notFound('Agent', 'agentId');
    return this.resolveSituation(loadout, agent, this.channelIn(loadout, channelKey, 'channel'), this.pageIn(loadout, page, 'page'));
  }

  async loadoutOf(actor: Pick<Actor, 'organizationId'>): Promise<CompiledLoadout> {
    const cached = await this.cache.current(actor.organizationId);
    if (!cached) throw notFound('Organization', 'authorization');
    return cached.loadout;
  }

  /** The definitions of the tool's rendered name it shadows and is shadowed by (see shadowRelations) in this loadout. */
  shadowRelationsIn(loadout: CompiledLoadout, tool: ShadowSubject): { shadows: ToolRow[]; shadowedBy: ToolRow[] } {
    const renderedName = renderedToolName(tool.name);
    const group = loadout.sharedNames.get(renderedName);
    if (!group) return { shadows: [], shadowedBy: [] };
    const { shadows, shadowedBy } = shadowRelations({ ...tool, renderedName }, group);
    return { shadows: shadows.map((t) => t.row), shadowedBy: shadowedBy.map((t) => t.row) };
  }

  /** How many definitions a rule (`tool:<name>` or `hint:<hint>`) can act on in this loadout: those named so among its agent's or project's candidates. */
  ruleMatchesIn(loadout: CompiledLoadout, rule: RuleSubject): number {
    return this.ruleCandidates(loadout, rule).filter((t) => ruleNames(rule.toolName, t)).length;
  }

  /** Why the rule may be wrong among its agent's or project's candidates (docs/semantics.md §3.9), or null. */
  ruleWarningIn(loadout: CompiledLoadout, rule: RuleSubject): string | null {
    return ruleWarning(rule.toolName, this.ruleCandidates(loadout, rule));
  }

  private ruleCandidates(loadout: CompiledLoadout, rule: RuleSubject): CompiledTool[] {
    const agent = rule.agentId ? loadout.agents.get(rule.agentId)?.row : undefined;
    const scope = { projectId: agent ? agent.projectId : rule.projectId, agentId: agent?.id ?? null };
    return loadout.sorted.filter((t) => reaches(t, scope));
  }

  agentIn(loadout: CompiledLoadout, agentId: string): CompiledAgent | undefined {
    return loadout.agents.get(agentId);
  }

  /** The channel of a key; `field` names the argument for the error. */
  channelIn(loadout: CompiledLoadout, channelKey: string, field: string): CatalogueRow {
    const channel = loadout.channels.get(channelKey);
    if (!channel) throw badInput(field, unknownChannelMessage(channelKey, loadout.channels.keys()));
    return channel;
  }

  pageIn(loadout: CompiledLoadout, page: PageSituation | undefined | null, field: string): ResolvedPage {
    if (!page) return { type: 'HOME', contextObject: null, recordId: null };
    if (page.contextObject) {
      if (page.type !== 'RECORD') throw badInput(`${field}.contextObject`, 'only RECORD pages have a context object');
      if (!loadout.contextObjects.has(page.contextObject)) {
        throw badInput(`${field}.contextObject`, `no context object with key '${page.contextObject}'`);
      }
    }
    return { type: page.type, contextObject: page.contextObject ?? null, recordId: page.recordId ?? null };
  }

  private entriesFor(loadout: CompiledLoadout, toolbox: SituationToolbox, model: string): { tools: ResolvedEntry[]; schemaTokens: number } {
    let byModel = this.tokens.get(toolbox);
    if (!byModel) this.tokens.set(toolbox, (byModel = new Map()));
    let found = byModel.get(model);
    if (!found) {
      const each = toolbox.entries.map((t) => estimateToolTokens(t.visible, model));
      found = { each, sum: each.reduce((sum, n) => sum + n, 0) };
      byModel.set(model, found);
    }
    const { each } = found;
    const tools = toolbox.entries.map((t, i) => ({
      position: i + 1,
      name: t.visible.name,
      ...carriedNamesOf(loadout, t.row),
      tool: t.row,
      visible: t.visible,
      contentHash: t.contentHash,
      schemaTokens: each[i],
    }));
    return { tools, schemaTokens: found.sum };
  }

  /** What the agent carries in a situation already checked: its channel found, its page resolved. */
  resolveSituation(loadout: CompiledLoadout, agent: CompiledAgent, channel: CatalogueRow, page: ResolvedPage): ResolvedToolbox {
    const toolbox = toolboxOf(loadout, agent, channel.key, page);
    const { tools, schemaTokens } = this.entriesFor(loadout, toolbox, agent.row.model);
    let dropped: ResolvedToolbox['dropped'] | undefined;
    return {
      [ANSWER_SOURCE]: loadout,
      get id() {
        return toolboxId(agent.row.id, channel.id, page);
      },
      agent: agent.row,
      channel,
      page,
      fingerprint: toolbox.fingerprint,
      tools,
      toolCount: tools.length,
      schemaTokens,
      get dropped() {
        dropped ??= assembleCompiled(loadout, agent, channel.key, page, true).dropped!.map(
          ({ tool, reason, shadowedBy, rule, refusal }) => {
            const stored = rule && loadout.rows.rules.find((r) => r.id === rule.id);
            return {
              name: tool.name,
              tool: tool.row,
              reason,
              shadowedBy: shadowedBy?.row ?? null,
              rule: stored ? { ...stored, subject: ruleSubject(stored.toolName) } : null,
              schemaRefusal: refusal ? shownRefusal(agent.provider, refusal) : null,
            };
          },
        );
        return dropped;
      },
      loadoutVersion: loadout.versionOf(agent.id),
    };
  }
}
