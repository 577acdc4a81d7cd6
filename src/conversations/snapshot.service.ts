import { createHash } from 'node:crypto';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { type AgentRow, type CompiledAgent, type CompiledLoadout, toolboxClass } from '../loadout/compiled';
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

  /**
   * Snapshots by id, in order: memoised ones as they are, the others in two
   * statements for all of them (a page of turns, whatever its length).
   */
  load(ids: readonly string[]): Promise<FrozenSnapshot[]> {
    const found = new Map<string, Promise<FrozenSnapshot>>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const memoised = this.snapshots.get(id);
      if (memoised) found.set(id, memoised);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const reading = this.read(missing);
      for (const id of missing) {
        const one = reading.then((read) => read.get(id) ?? Promise.reject(new Error(`snapshot ${id} not found`)));
        found.set(id, one);
        this.remember(id, one);
      }
    }
    return Promise.all(ids.map((id) => found.get(id)!));
  }

  private remember(id: string, snapshot: Promise<FrozenSnapshot>): void {
    if (this.snapshots.size >= SNAPSHOT_MEMO_SIZE) this.snapshots.delete(this.snapshots.keys().next().value!);
    this.snapshots.set(id, snapshot);
    snapshot.catch(() => this.snapshots.delete(id));
  }

  private async read(ids: string[]): Promise<Map<string, FrozenSnapshot>> {
    const [rows, entries] = await Promise.all([
      this.db.manager.find(ToolboxSnapshotEntity, { where: { id: In(ids) } }),
      this.db.manager.find(SnapshotToolEntity, {
        where: { snapshotId: In(ids) },
        relations: { content: true },
        order: { snapshotId: 'ASC', position: 'ASC' },
      }),
    ]);
    const tools = new Map<string, FrozenTool[]>(ids.map((id) => [id, []]));
    for (const e of entries) {
      tools.get(e.snapshotId)!.push({
        position: e.position,
        name: e.content!.name,
        description: e.content!.description,
        inputSchema: e.content!.inputSchema,
        contentHash: e.contentHash,
        schemaTokens: e.schemaTokens,
        toolDefinitionId: e.toolDefinitionId,
      });
    }
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          organizationId: row.organizationId,
          model: row.model,
          dropped: row.dropped,
          fingerprint: row.fingerprint,
          toolCount: row.toolCount,
          schemaTokens: row.schemaTokens,
          tools: tools.get(row.id)!,
        },
      ]),
    );
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
            name: t.name,
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
    ...(d.schemaRefusal ? { schemaRefusal: d.schemaRefusal } : {}),
  }));
  const key = createHash('sha256')
    .update(
      [
        agent.model,
        resolved.fingerprint,
        ...resolved.tools.map((t) => t.tool.id),
        '',
        ...dropped.map(
          (d) =>
            `${d.toolDefinitionId}:${d.reason}:${d.shadowedById ?? d.rule?.id ?? (d.schemaRefusal && `${d.schemaRefusal.rule}:${d.schemaRefusal.pointer}`) ?? ''}`,
        ),
      ].join('\n'),
    )
    .digest('hex');
  return { key, dropped };
}
