import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { toolboxClass, type AgentRow, type CompiledAgent, type CompiledLoadout } from '../toolbox/compiled-loadout';
import type { ResolvedToolbox } from '../toolbox/toolbox.service';
import { SnapshotToolEntity, ToolboxSnapshotEntity, ToolContentEntity, type FrozenDroppedTool } from './toolbox-snapshot.entity';

export interface FrozenTool {
  position: number;
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  contentHash: string;
  schemaTokens: number;
  toolDefinitionId: string;
}

export interface FrozenSnapshot {
  id: string;
  organizationId: string;
  /** The model whose tokens were recorded: its provider is how the runtime sent these tools. */
  model: string;
  dropped: FrozenDroppedTool[];
  fingerprint: string;
  tools: FrozenTool[];
  toolCount: number;
  schemaTokens: number;
}

/** Toolbox classes whose snapshot key one loadout remembers. */
const MAX_IDENTITIES_PER_LOADOUT = 20_000;

/** Snapshots never change, so a bounded in-process memo is always right. */
const SNAPSHOT_MEMO_SIZE = 500;

/**
 * The frozen toolboxes turns record, content-addressed: a snapshot row is
 * keyed by (organisation, snapshotKey), see snapshotOf, and each tool's
 * content is stored once per content hash.
 */
export class SnapshotService {
  private readonly identities = new WeakMap<CompiledLoadout, Map<string, SnapshotIdentity>>();
  /** Loads in flight are shared too, so the fields of one turn list read each snapshot once. */
  private readonly snapshots = new Map<string, Promise<FrozenSnapshot>>();

  constructor(private readonly db: DataSource) {}

  get(snapshotId: string): Promise<FrozenSnapshot> {
    const cached = this.snapshots.get(snapshotId);
    if (cached) return cached;
    const loading = this.load(snapshotId);
    if (this.snapshots.size >= SNAPSHOT_MEMO_SIZE) this.snapshots.delete(this.snapshots.keys().next().value!);
    this.snapshots.set(snapshotId, loading);
    loading.catch(() => this.snapshots.delete(snapshotId));
    return loading;
  }

  private async load(snapshotId: string): Promise<FrozenSnapshot> {
    const row = await this.db.manager.findOneOrFail(ToolboxSnapshotEntity, { where: { id: snapshotId } });
    const entries = await this.db.manager.find(SnapshotToolEntity, {
      where: { snapshotId },
      relations: { content: true },
      order: { position: 'ASC' },
    });
    return {
      id: row.id,
      organizationId: row.organizationId,
      model: row.model,
      dropped: row.dropped,
      fingerprint: row.fingerprint,
      toolCount: row.toolCount,
      schemaTokens: row.schemaTokens,
      tools: entries.map((e) => ({
        position: e.position,
        name: e.content!.name,
        description: e.content!.description,
        inputSchema: e.content!.inputSchema,
        contentHash: e.contentHash,
        schemaTokens: e.schemaTokens,
        toolDefinitionId: e.toolDefinitionId,
      })),
    };
  }

  /**
   * The identity of a toolbox's snapshot, once per loadout, toolbox class,
   * context object and model: every turn in it shares the key. A class can
   * hold context objects whose drops differ (a tool of one comes past the
   * cut there, and fails CONTEXT elsewhere), and the snapshot keeps drops.
   */
  identity(loadout: CompiledLoadout, agent: CompiledAgent, resolved: ResolvedToolbox): SnapshotIdentity {
    let known = this.identities.get(loadout);
    if (!known) this.identities.set(loadout, (known = new Map()));
    const { channel, page } = resolved;
    const key = `${toolboxClass(loadout, agent, channel.key, page)}\n${page.contextObject ?? ''}\n${agent.row.model}`;
    let identity = known.get(key);
    if (!identity) {
      identity = snapshotOf(agent.row, resolved);
      if (known.size < MAX_IDENTITIES_PER_LOADOUT) known.set(key, identity);
    }
    return identity;
  }

  /** Stores the snapshot on first sight and returns its id; concurrent first sights agree on one row. */
  async store(tx: EntityManager, agent: AgentRow, resolved: ResolvedToolbox, snapshot: SnapshotIdentity): Promise<string> {
    const { dropped } = snapshot;
    const where = { organizationId: agent.organizationId, snapshotKey: snapshot.key };
    if (resolved.tools.length > 0) {
      await tx
        .createQueryBuilder()
        .insert()
        .into(ToolContentEntity)
        .values(
          resolved.tools.map((t) => ({
            contentHash: t.contentHash,
            name: t.tool.name,
            description: t.tool.description,
            inputSchema: t.tool.inputSchema,
          })),
        )
        .orIgnore()
        .execute();
    }
    const inserted: Array<{ id: string }> = await tx.query(
      `INSERT INTO toolbox_snapshots (organization_id, snapshot_key, fingerprint, model, tool_count, schema_tokens, dropped)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
       ON CONFLICT (organization_id, snapshot_key) DO NOTHING
       RETURNING id`,
      [
        agent.organizationId,
        snapshot.key,
        resolved.fingerprint,
        agent.model,
        resolved.toolCount,
        resolved.schemaTokens,
        JSON.stringify(dropped),
      ],
    );
    if (inserted.length === 0) return (await tx.findOneOrFail(ToolboxSnapshotEntity, { where, select: { id: true } })).id;
    const snapshotId = inserted[0].id;
    if (resolved.tools.length > 0) {
      await tx.insert(
        SnapshotToolEntity,
        resolved.tools.map((t) => ({
          snapshotId,
          position: t.position,
          toolDefinitionId: t.tool.id,
          contentHash: t.contentHash,
          schemaTokens: t.schemaTokens,
        })),
      );
    }
    return snapshotId;
  }
}

export interface SnapshotIdentity {
  key: string;
  dropped: FrozenDroppedTool[];
}

/**
 * A snapshot row is keyed by a hash of the model, the fingerprint, the
 * definition ids and what was left out: schema tokens are stored per entry
 * for the model the turn was recorded with, and definition ids keep
 * `toolDefinition` pointing at the right definition when two share content.
 */
function snapshotOf(agent: AgentRow, resolved: ResolvedToolbox): SnapshotIdentity {
  const dropped: FrozenDroppedTool[] = resolved.dropped.map((d) => ({
    toolDefinitionId: d.tool.id,
    name: d.tool.name,
    reason: d.reason,
    ...(d.shadowedBy ? { shadowedById: d.shadowedBy.id } : {}),
    ...(d.rule
      ? { rule: { id: d.rule.id, subject: d.rule.subject, effect: d.rule.effect, level: d.rule.agentId ? 'AGENT' : 'PROJECT' } }
      : {}),
  }));
  const key = createHash('sha256')
    .update(
      [
        agent.model,
        resolved.fingerprint,
        ...resolved.tools.map((t) => t.tool.id),
        '',
        ...dropped.map((d) => `${d.toolDefinitionId}:${d.reason}:${d.shadowedById ?? d.rule?.id ?? ''}`),
      ].join('\n'),
    )
    .digest('hex');
  return { key, dropped };
}
