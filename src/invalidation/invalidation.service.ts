import { randomUUID } from 'node:crypto';
import { In, LessThan, MoreThanOrEqual, type DataSource, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import { ChannelEntity } from '../catalogue/channel.entity';
import { ContextObjectEntity } from '../catalogue/context-object.entity';
import type { Actor } from '../common/actor';
import type { InvalidationCauseEnum } from '../common/enums';
import { badInput } from '../common/errors';
import { findOwned } from '../common/tenant';
import { isUuid } from '../common/uuid';
import { PrincipalEntity } from '../organizations/principal.entity';
import { assembleToolbox } from '../toolbox/assemble-toolbox';
import { allSituations, situationKey } from '../toolbox/situations';
import type { ToolboxService } from '../toolbox/toolbox.service';
import type { ToolDefinitionEntity } from '../tools/tool-definition.entity';
import { estimateToolTokens } from '../tokens/estimate-tokens';
import { changedSituations, rewrittenTokens, type SituationToolbox } from './compare-situations';
import type { InvalidationBus } from './invalidation-bus';
import type { ChangeObserver, ObserverFactory } from './loadout-change';
import { ToolboxInvalidationEntity, type StoredAffectedToolbox } from './toolbox-invalidation.entity';

interface Entry {
  name: string;
  contentHash: string;
  definition: ToolDefinitionEntity;
}

interface Situated extends SituationToolbox<Entry> {
  channel: StoredAffectedToolbox['channel'];
  page: StoredAffectedToolbox['page'];
}

export interface InvalidationFilter {
  agentId?: string | null;
  projectId?: string | null;
  since?: Date | null;
}

export interface InvalidationPage {
  edges: Array<{ cursor: string; node: ToolboxInvalidationEntity }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const CURSOR_PREFIX = 'invalidation:';

/** Opaque to clients; carries the event's `seq`. */
export const encodeInvalidationCursor = (seq: string): string => Buffer.from(`${CURSOR_PREFIX}${seq}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): string {
  const match = /^invalidation:(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || encodeInvalidationCursor(match[1]) !== cursor) throw badInput('after', 'not a cursor of this list');
  return match[1];
}

function pageSize(first: number | null | undefined): number {
  if (first === null || first === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE) throw badInput('first', `must be 0 to ${MAX_PAGE_SIZE}`);
  return first;
}

/**
 * Cache invalidation, SEMANTICS section 5: what each change did to the
 * toolboxes of the agents it touched, stored as events and published after
 * commit; and the queries over those events.
 */
export class InvalidationService {
  constructor(
    private readonly db: DataSource,
    private readonly toolbox: ToolboxService,
    private readonly bus: InvalidationBus,
  ) {}

  /** The factory every LoadoutChanges run uses: record and publish. */
  readonly observe: ObserverFactory = (actor, cause) => this.recorder(actor, cause, { dryRun: false });

  recorder(actor: Actor, cause: InvalidationCauseEnum, options: { dryRun: boolean }): InvalidationRecorder {
    return new InvalidationRecorder(this, this.bus, actor, cause, options.dryRun);
  }

  /** Every situation's toolbox for one agent, keyed by situation. */
  async situationToolboxes(m: EntityManager, agent: AgentEntity): Promise<Map<string, Situated>> {
    // One after another: a transaction is one connection, which runs one statement at a time anyway.
    const channels = await m.find(ChannelEntity, { where: { organizationId: agent.organizationId }, order: { key: 'ASC' } });
    const contextObjects = await m.find(ContextObjectEntity, { where: { organizationId: agent.organizationId }, order: { key: 'ASC' } });
    const data = await this.toolbox.loadAssemblyData(m, agent);
    const channelByKey = new Map(channels.map((c) => [c.key, c]));
    const out = new Map<string, Situated>();
    for (const situation of allSituations(
      channels.map((c) => c.key),
      contextObjects.map((o) => o.key),
    )) {
      const result = assembleToolbox({
        agent: data.loadout,
        channelKey: situation.channelKey,
        page: situation.page,
        candidates: data.candidates,
        mcpServerInScope: data.mcpServerInScope,
      });
      const channel = channelByKey.get(situation.channelKey)!;
      out.set(situationKey(situation), {
        channel: { id: channel.id, key: channel.key, name: channel.name },
        page: { type: situation.page.type, contextObject: situation.page.contextObject ?? null, recordId: null },
        fingerprint: result.fingerprint,
        entries: result.entries.map((e) => ({ name: e.tool.name, contentHash: e.tool.contentHash, definition: e.tool.definition })),
      });
    }
    return out;
  }

  async list(actor: Actor, filter: InvalidationFilter, first?: number | null, after?: string | null): Promise<InvalidationPage> {
    const size = pageSize(first);
    const afterSeq = after ? decodeCursor(after) : null;
    // Another organisation's id, or no id at all, matches nothing: an empty list, as for an unknown id.
    if ((filter.agentId && !isUuid(filter.agentId)) || (filter.projectId && !isUuid(filter.projectId))) return emptyPage();
    const where: FindOptionsWhere<ToolboxInvalidationEntity> = {
      organizationId: actor.organizationId,
      ...(filter.agentId ? { agentId: filter.agentId } : {}),
      ...(filter.projectId ? { projectId: filter.projectId } : {}),
      ...(filter.since ? { at: MoreThanOrEqual(filter.since) } : {}),
    };
    const [rows, totalCount] = await Promise.all([
      this.db.manager.find(ToolboxInvalidationEntity, {
        where: afterSeq ? { ...where, seq: LessThan(afterSeq) } : where,
        order: { seq: 'DESC' },
        take: size + 1,
      }),
      this.db.manager.count(ToolboxInvalidationEntity, { where }),
    ]);
    const edges = rows.slice(0, size).map((node) => ({ cursor: encodeInvalidationCursor(node.seq), node }));
    return { edges, pageInfo: { hasNextPage: rows.length > size, endCursor: edges.at(-1)?.cursor ?? null }, totalCount };
  }

  agentOf(actor: Actor, event: ToolboxInvalidationEntity) {
    return findOwned(this.db.manager, AgentEntity, actor, event.agentId);
  }

  actorOf(actor: Actor, event: ToolboxInvalidationEntity) {
    return event.actorPrincipalId ? findOwned(this.db.manager, PrincipalEntity, actor, event.actorPrincipalId) : null;
  }

  /**
   * The event that made a turn's toolbox differ from the previous turn's: the
   * newest invalidation of the conversation's agent recorded between the two
   * turns' starts whose affected situations include the conversation's.
   * Null on a first turn and on a turn whose toolbox did not change. For
   * many turns at once (a page of the debugger), in key order.
   */
  async forTurns(organizationId: string, turnIds: readonly string[]): Promise<Array<ToolboxInvalidationEntity | null>> {
    const ids = turnIds.filter(isUuid);
    const rows: Array<{ turn_id: string; id: string }> = ids.length
      ? await this.db.query(
          `SELECT DISTINCT ON (t.id) t.id AS turn_id, i.id FROM turns t
             JOIN conversations c ON c.id = t.conversation_id
             JOIN turns p ON p.conversation_id = t.conversation_id AND p.index = t.index - 1
             JOIN toolbox_invalidations i ON i.agent_id = c.agent_id AND i.at > p.started_at AND i.at <= t.started_at
            WHERE t.id = ANY($1::uuid[]) AND t.organization_id = $2 AND t.toolbox_changed
              AND EXISTS (SELECT 1 FROM jsonb_array_elements(i.affected) a
                           WHERE a->'channel'->>'id' = c.channel_id::text AND a->'page'->>'type' = c.page_type
                             AND coalesce(a->'page'->>'contextObject', '') = coalesce(c.page_context_object, ''))
            ORDER BY t.id, i.seq DESC`,
          [ids, organizationId],
        )
      : [];
    const events = rows.length ? await this.db.manager.findBy(ToolboxInvalidationEntity, { id: In(rows.map((r) => r.id)) }) : [];
    return turnIds.map((turnId) => {
      const eventId = rows.find((r) => r.turn_id === turnId)?.id;
      return events.find((e) => e.id === eventId) ?? null;
    });
  }

  /** Conversations of these agents with a turn begun in the last 24 hours: the ones a change would hit next. */
  async liveConversations(m: EntityManager, agentIds: readonly string[]): Promise<number> {
    if (agentIds.length === 0) return 0;
    const [row]: Array<{ n: number }> = await m.query(
      `SELECT count(DISTINCT c.id)::int AS n FROM conversations c JOIN turns t ON t.conversation_id = c.id
        WHERE c.agent_id = ANY($1::uuid[]) AND t.started_at > now() - interval '24 hours'`,
      [agentIds],
    );
    return row?.n ?? 0;
  }
}

const emptyPage = (): InvalidationPage => ({ edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 });

/**
 * Observes one change: fingerprints of every situation of each affected agent
 * before the writes and after them, and one event per agent where any
 * differs. A dry run computes the same events without storing or publishing.
 */
export class InvalidationRecorder implements ChangeObserver {
  readonly events: ToolboxInvalidationEntity[] = [];
  /** Sum over the changed situations of the new toolbox's schema tokens from the first changed position on. */
  rewrittenToolTokens = 0;
  /** Conversations of the changed agents with a turn in the last 24 hours (computed in the transaction). */
  liveConversations = 0;
  private readonly before = new Map<string, Map<string, Situated>>();

  constructor(
    private readonly service: InvalidationService,
    private readonly bus: InvalidationBus,
    private readonly actor: Actor,
    private readonly cause: InvalidationCauseEnum,
    private readonly dryRun: boolean,
  ) {}

  async beforeChange(tx: EntityManager, agentId: string): Promise<void> {
    const agent = await tx.findOneBy(AgentEntity, { id: agentId });
    if (agent) this.before.set(agentId, await this.service.situationToolboxes(tx, agent));
  }

  async afterChange(tx: EntityManager, agentIds: string[]): Promise<void> {
    for (const agentId of agentIds) {
      const before = this.before.get(agentId);
      const agent = await tx.findOneBy(AgentEntity, { id: agentId });
      if (!before || !agent) continue;
      const changed = changedSituations(before, await this.service.situationToolboxes(tx, agent));
      if (changed.length === 0) continue;
      const affected: StoredAffectedToolbox[] = changed.map((c) => ({
        channel: c.next.channel,
        page: c.next.page,
        previousFingerprint: c.previous.fingerprint,
        newFingerprint: c.next.fingerprint,
        diff: c.diff,
      }));
      for (const c of changed) {
        this.rewrittenToolTokens += rewrittenTokens(c.previous.entries, c.next.entries, (e) =>
          estimateToolTokens(e.definition, agent.model),
        );
      }
      const event = tx.create(ToolboxInvalidationEntity, {
        organizationId: agent.organizationId,
        agentId: agent.id,
        projectId: agent.projectId,
        cause: this.cause,
        actorPrincipalId: this.actor.principalId,
        loadoutVersion: agent.loadoutVersion,
        affected,
      });
      this.events.push(this.dryRun ? Object.assign(event, { id: randomUUID(), seq: '0', at: new Date() }) : await tx.save(event));
    }
    if (this.dryRun)
      this.liveConversations = await this.service.liveConversations(
        tx,
        this.events.map((e) => e.agentId),
      );
    else await this.bus.stored(tx, this.events);
  }

  async afterCommit(): Promise<void> {
    if (!this.dryRun) this.bus.committed(this.events);
  }
}
