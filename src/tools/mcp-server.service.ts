import { In, type DataSource, type EntityManager } from 'typeorm';
import type { Actor, ChangeActor } from '../common/actor';
import { InvalidationCauseEnum } from '../loadout/change';
import { badInput, conflict } from '../common/errors';
import { getOwned } from '../common/tenant';
import type { ChangeTracker, LoadoutChanges } from '../loadout/edge';
import { ProjectEntity } from '../organizations/project.entity';
import { contentHash } from '../common/content-hash';
import { defaultSortOrder } from './default-sort-order';
import { nameTaken } from './definition-names';
import { McpServerEntity } from './mcp-server.entity';
import { McpProbeEntity } from './mcp-probe.entity';
import { addressProblem, readMcpUrl, sealMcpHeaders, type McpAddressSettings } from './mcp-server-address';
import { isProbed, type McpTransport } from './mcp-probe-status';
import { schemaRefusals } from '../loadout/tokens';
import { readMcpInventory, type McpToolSpec } from './mcp-tool-entry';
import { ToolDefinitionEntity } from './tool-definition.entity';

export const mcpToolName = (server: string, tool: string): string => `mcp__${server}__${tool}`;

/** MCP servers one organisation may register (docs/configuration.md, "Limits"). */
export const MCP_SERVERS_PER_ORGANIZATION = 200;

interface McpServerSettings {
  enabled?: boolean | null;
  enabledTools?: string[] | null;
  disabledTools?: string[] | null;
}
interface McpAddressInput {
  url?: string | null;
  headers?: Array<{ name: string; value: string }> | null;
}

/** MCP servers and their cached inventories: an inventory report creates, revises and deletes the server's MCP definitions. */
export class McpServerService {
  constructor(
    private readonly db: DataSource,
    private readonly changes: LoadoutChanges,
    private readonly address: McpAddressSettings,
  ) {}

  mcpServers(actor: Actor, projectId?: string | null) {
    return this.db.manager.find(McpServerEntity, {
      where: { organizationId: actor.organizationId, ...(projectId ? { projectId } : {}) },
      order: { name: 'ASC', id: 'ASC' },
    });
  }

  registerMcpServer(
    actor: Actor,
    input: McpServerSettings & McpAddressInput & { name: string; projectId?: string | null; transport?: McpTransport | null },
  ) {
    const transport = input.transport ?? 'REPORTED';
    const problem = addressProblem(transport, input);
    if (problem) throw badInput(...problem);
    const url = input.url ? readMcpUrl(input.url, 'input.url', this.address.policy) : null;
    const sealed = sealMcpHeaders(input.headers ?? [], 'input.headers', actor.organizationId, this.address.secretKey);
    return this.changes.run(actor, InvalidationCauseEnum.MCP_SERVER_CHANGED, async (tx, change) => {
      const projectId = input.projectId ?? null;
      if (projectId) await getOwned(tx, ProjectEntity, actor, projectId, 'input.projectId', 'Project');
      const registered = await tx.count(McpServerEntity, { where: { organizationId: actor.organizationId } });
      if (registered >= MCP_SERVERS_PER_ORGANIZATION)
        throw badInput('input', `an organisation has at most ${MCP_SERVERS_PER_ORGANIZATION} MCP servers`);
      return this.insert(tx, change, actor, { ...input, projectId, transport, url, ...sealed });
    });
  }

  /** A server the operator's file declares (STDIO), registered by Loadout itself; its command stays in the file. */
  registerDeclared(organizationId: string, name: string, projectId: string | null) {
    const actor = { organizationId, principalId: null };
    return this.changes.run(actor, InvalidationCauseEnum.MCP_SERVER_CHANGED, (tx, change) =>
      this.insert(tx, change, actor, { name, projectId, transport: 'STDIO', url: null, headerNames: [], headerSecret: null }),
    );
  }

  private async insert(
    tx: EntityManager,
    change: ChangeTracker,
    actor: ChangeActor,
    row: McpServerSettings & {
      name: string;
      projectId: string | null;
      transport: McpTransport;
      url: string | null;
      headerNames: string[];
      headerSecret: string | null;
    },
  ) {
    const clash = await tx.count(McpServerEntity, { where: { organizationId: actor.organizationId, name: row.name } });
    if (clash) throw conflict(`An MCP server named '${row.name}' already exists`, 'input.name');
    const enabled = row.enabled ?? true;
    // A new enabled server can bring McpResources tools into scope.
    if (enabled) await change.affectsScope(row.projectId);
    change.touchOwners();
    const server = await tx.save(
      tx.create(McpServerEntity, {
        organizationId: actor.organizationId,
        projectId: row.projectId,
        name: row.name,
        enabled,
        enabledTools: row.enabledTools ?? [],
        disabledTools: row.disabledTools ?? [],
        probed: false,
        advertisesResources: false,
        inventoryUpdatedAt: null,
        transport: row.transport,
        url: row.url,
        headerNames: row.headerNames,
        headerSecret: row.headerSecret,
      }),
    );
    // Due at once: the next round of whichever instance takes it probes it.
    if (isProbed(row.transport)) await tx.insert(McpProbeEntity, { serverId: server.id, organizationId: actor.organizationId });
    delete (server as Partial<McpServerEntity>).headerSecret;
    return server;
  }

  updateMcpServer(actor: Actor, id: string, input: McpServerSettings & McpAddressInput) {
    return this.changes.run(actor, InvalidationCauseEnum.MCP_SERVER_CHANGED, (_tx, change) =>
      this.updateIn(change, id, input, 'id', 'input'),
    );
  }

  /**
   * updateMcpServer inside a change (its own, or a change set's member): an
   * address is stored and probed again without moving a version; the tool
   * lists and `enabled` move every agent of the server's scope.
   */
  async updateIn(change: ChangeTracker, id: string, input: McpServerSettings & McpAddressInput, idField: string, field: string) {
    const { tx, actor } = change;
    const server = await getOwned(tx, McpServerEntity, actor, id, idField, 'MCP server', true);
    const { url, headers, ...settings } = input;
    const address: Partial<McpServerEntity> = {};
    if (url !== undefined && url !== null) {
      if (!isProbed(server.transport)) throw badInput(`${field}.url`, `a ${server.transport} server has no URL`);
      address.url = readMcpUrl(url, `${field}.url`, this.address.policy);
    }
    if (headers !== undefined && headers !== null) {
      if (!isProbed(server.transport) || server.transport === 'STDIO')
        throw badInput(`${field}.headers`, `a ${server.transport} server has no headers`);
      Object.assign(address, sealMcpHeaders(headers, `${field}.headers`, actor.organizationId, this.address.secretKey));
    }
    const patch = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined && v !== null));
    if (Object.keys(address).length > 0) {
      await tx.update(McpServerEntity, { id: server.id }, address);
      // Where it is reached changed: probe it again now.
      await tx.update(McpProbeEntity, { serverId: server.id }, { nextProbeAt: () => 'now()' });
    }
    if (Object.keys(patch).length === 0)
      return Object.keys(address).length ? tx.findOneByOrFail(McpServerEntity, { id: server.id }) : server;
    await change.affectsScope(server.projectId);
    await tx.update(McpServerEntity, { id: server.id }, patch);
    change.touchOwners();
    return tx.findOneByOrFail(McpServerEntity, { id: server.id });
  }

  /** A runtime's report of a REPORTED server's tools/list; Loadout fetches every other kind itself. */
  async reportMcpInventory(actor: Actor, serverId: string, entries: readonly unknown[], advertisesResources: boolean) {
    const server = await getOwned(this.db.manager, McpServerEntity, actor, serverId, 'serverId', 'MCP server');
    if (isProbed(server.transport))
      throw badInput('serverId', `Loadout fetches this server's tools itself (${server.transport}): reports are for REPORTED servers`);
    return this.storeInventory(actor, serverId, entries, advertisesResources);
  }

  /**
   * Replaces the server's cached inventory with the `tools/list` entries as
   * returned: same reported name updates, new ones insert, missing ones go;
   * an entry that cannot be used at all is refused alone and listed on the
   * server. A report that changes nothing writes nothing and moves no version:
   * a runtime's report and a probe of the same list are the same inventory.
   */
  storeInventory(actor: ChangeActor, serverId: string, entries: readonly unknown[], advertisesResources: boolean) {
    const { tools, refused } = readMcpInventory(entries);
    return this.changes.run(actor, InvalidationCauseEnum.MCP_INVENTORY_CHANGED, async (tx, change) => {
      const server = await getOwned(tx, McpServerEntity, actor, serverId, 'serverId', 'MCP server', true);
      const existing = await tx.find(ToolDefinitionEntity, { where: { mcpServerId: server.id } });
      const byReported = new Map(existing.map((t) => [t.mcpToolName ?? t.name, t]));
      const revised: Array<{ current: ToolDefinitionEntity; stored: StoredMcpTool }> = [];
      const added: StoredMcpTool[] = [];
      for (const spec of tools) {
        const stored = storedMcpTool(server.name, spec);
        const current = byReported.get(spec.name);
        byReported.delete(spec.name);
        if (!current) added.push(stored);
        else if (differs(current, stored)) revised.push({ current, stored });
      }
      const gone = [...byReported.values()].map((t) => t.id);
      const serverMoved = !server.probed || server.advertisesResources !== advertisesResources;
      const refusedMoved = JSON.stringify(server.refusedTools) !== JSON.stringify(refused);
      if (!serverMoved && revised.length === 0 && added.length === 0 && gone.length === 0) {
        if (refusedMoved) await tx.update(McpServerEntity, { id: server.id }, { refusedTools: refused });
        return refusedMoved ? tx.findOneByOrFail(McpServerEntity, { id: server.id }) : server;
      }
      await change.affectsScope(server.projectId);
      if (serverMoved) change.touchOwners();
      for (const { current, stored } of revised) {
        await tx.update(ToolDefinitionEntity, { id: current.id }, { ...stored, version: () => 'version + 1' });
        change.touchTools([current.id]);
      }
      let nextSortOrder: number | undefined;
      for (const stored of added) {
        // Two servers' names can run together (`a__b` with `c`, `a` with `b__c`): the later tool is refused alone.
        if (await nameTaken(tx, actor, { projectId: server.projectId, agentId: null }, 'MCP', stored.name, null)) {
          const index = entries.findIndex((e) => (e as { name?: unknown } | null)?.name === stored.mcpToolName);
          refused.push({
            index,
            name: stored.mcpToolName,
            field: `tools[${index}].name`,
            reason: `its full name '${stored.name}' is taken`,
          });
          continue;
        }
        // New tools go after every definition they can meet, in the order reported: one lookup for the inventory.
        nextSortOrder ??= await defaultSortOrder(tx, actor, server.projectId);
        const created = await tx.save(
          tx.create(ToolDefinitionEntity, {
            ...stored,
            organizationId: actor.organizationId,
            projectId: server.projectId,
            agentId: null,
            source: 'MCP',
            active: true,
            sortOrder: nextSortOrder++,
            tier: null,
            hostDependent: false,
            requiresMcpServer: false,
            miniAppId: null,
            mcpServerId: server.id,
          }),
        );
        change.touchTools([created.id]);
      }
      if (gone.length) {
        await tx.delete(ToolDefinitionEntity, { id: In(gone) });
        change.touchTools(gone);
      }
      refused.sort((a, b) => a.index - b.index);
      await tx.update(
        McpServerEntity,
        { id: server.id },
        { probed: true, advertisesResources, inventoryUpdatedAt: new Date(), refusedTools: refused },
      );
      return tx.findOneByOrFail(McpServerEntity, { id: server.id });
    });
  }
}

/** What a reported tool stores: its model-visible content under its full name, and the rest of its entry. */
type StoredMcpTool = Pick<
  ToolDefinitionEntity,
  'name' | 'description' | 'inputSchema' | 'mcpToolName' | 'mcpEntry' | 'hints' | 'schemaRefusals' | 'contentHash'
>;

function storedMcpTool(serverName: string, spec: McpToolSpec): StoredMcpTool {
  const name = mcpToolName(serverName, spec.name);
  return {
    name,
    description: spec.description,
    inputSchema: spec.inputSchema,
    mcpToolName: spec.name,
    mcpEntry: spec.entry,
    hints: spec.hints,
    schemaRefusals: schemaRefusals(spec.inputSchema) ?? {},
    contentHash: contentHash({ name, description: spec.description, inputSchema: spec.inputSchema }),
  };
}

/** Whether a stored MCP tool differs from what was reported: its content as sent (key order included) or the rest of its entry. */
function differs(current: ToolDefinitionEntity, stored: StoredMcpTool): boolean {
  return (
    current.name !== stored.name ||
    current.description !== stored.description ||
    JSON.stringify(current.inputSchema) !== JSON.stringify(stored.inputSchema) ||
    JSON.stringify(current.mcpEntry) !== JSON.stringify(stored.mcpEntry) ||
    current.hints.join() !== stored.hints.join()
  );
}
