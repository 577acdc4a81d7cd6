import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { newApiKey, hashApiKey } from '../../src/organizations/api-keys';
import { contentHash } from '../../src/common/content-hash';
import { schemaRefusals } from '../../src/loadout/tokens';
import { pgConfig } from './database';
import type { OrganizationPlan } from './request-bodies';
import type { ToolInput } from './tool-plan';
import type { World } from './world';

/**
 * Worlds too large to build through the API in a bench's time, written
 * with SQL into the server's database: what the API would have stored,
 * with content hashes computed as the server computes them. The server is
 * restarted or its cache is cold for these organisations, so nothing it
 * holds goes stale behind its back.
 */

const TOOL_BATCH = 2_000;
const CLONES_PER_TRANSACTION = 100;

async function withClient<T>(databaseUrl: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client(pgConfig(databaseUrl));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const ids = async (client: Client, table: string, organizationId: string): Promise<string[]> =>
  (await client.query(`SELECT id FROM ${table} WHERE organization_id = $1 ORDER BY id`, [organizationId])).rows.map((r) => r.id as string);

/** A row of `table` copied with some columns replaced (the rest as the template has them, whatever they are). */
const copied = (table: string, alias: string, replace: string) =>
  `SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(${alias}) || ${replace})).*`;

/**
 * `count` copies of the template organisation (project, channels, tools and
 * their channels, agents), each with a VIEWER key of its own. Returns every
 * organisation's key and agents, the template's first.
 */
export async function cloneOrganization(databaseUrl: string, template: World, count: number): Promise<OrganizationPlan[]> {
  return withClient(databaseUrl, async (client) => {
    const org = template.organizationId;
    const [channels, tools, agents] = [
      await ids(client, 'channels', org),
      await ids(client, 'tool_definitions', org),
      await ids(client, 'agents', org),
    ];
    const plans: OrganizationPlan[] = [{ key: template.as.VIEWER.key, agentIds: template.agentIds }];
    for (let done = 0; done < count; done += CLONES_PER_TRANSACTION) {
      await client.query('BEGIN');
      for (let i = done; i < Math.min(count, done + CLONES_PER_TRANSACTION); i++) {
        const [id, project] = [randomUUID(), randomUUID()];
        const fresh = (list: string[]) => list.map(() => randomUUID());
        const [newChannels, newTools, newAgents] = [fresh(channels), fresh(tools), fresh(agents)];
        const key = newApiKey();
        await client.query(
          `WITH org AS (INSERT INTO organizations ${copied('organizations', 'o', `jsonb_build_object('id', $2::uuid, 'name', $3::text)`)}
                          FROM organizations o WHERE o.id = $1 RETURNING id),
                project AS (INSERT INTO projects ${copied('projects', 'p', `jsonb_build_object('id', $4::uuid, 'organization_id', $2::uuid)`)}
                          FROM projects p WHERE p.id = $5 RETURNING id),
                ch AS (INSERT INTO channels ${copied('channels', 'c', `jsonb_build_object('id', m.new, 'organization_id', $2::uuid)`)}
                          FROM channels c JOIN unnest($6::uuid[], $7::uuid[]) m(old, new) ON m.old = c.id RETURNING id),
                tools AS (INSERT INTO tool_definitions ${copied('tool_definitions', 't', `jsonb_build_object('id', m.new, 'organization_id', $2::uuid)`)}
                          FROM tool_definitions t JOIN unnest($8::uuid[], $9::uuid[]) m(old, new) ON m.old = t.id RETURNING id),
                links AS (INSERT INTO tool_definition_channels (tool_definition_id, channel_id)
                          SELECT tm.new, cm.new FROM tool_definition_channels l
                            JOIN unnest($8::uuid[], $9::uuid[]) tm(old, new) ON tm.old = l.tool_definition_id
                            JOIN unnest($6::uuid[], $7::uuid[]) cm(old, new) ON cm.old = l.channel_id RETURNING 1),
                agents AS (INSERT INTO agents ${copied('agents', 'a', `jsonb_build_object('id', m.new, 'organization_id', $2::uuid, 'project_id', $4::uuid)`)}
                          FROM agents a JOIN unnest($10::uuid[], $11::uuid[]) m(old, new) ON m.old = a.id RETURNING id),
                viewer AS (INSERT INTO principals (organization_id, name, role, key_hash) VALUES ($2::uuid, 'bench', 'VIEWER', $12) RETURNING id)
           SELECT 1`,
          [
            org,
            id,
            `Bench ${i + 1}`,
            project,
            template.projectId,
            channels,
            newChannels,
            tools,
            newTools,
            agents,
            newAgents,
            hashApiKey(key),
          ],
        );
        const agentOf = new Map(agents.map((old, k) => [old, newAgents[k]]));
        plans.push({ key, agentIds: template.agentIds.map((a) => agentOf.get(a)!) });
      }
      await client.query('COMMIT');
    }
    return plans;
  });
}

/** Organisation-wide tools, as createToolDefinition would store them (the channels they list must exist). */
export async function insertTools(databaseUrl: string, organizationId: string, tools: readonly ToolInput[]): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    for (let done = 0; done < tools.length; done += TOOL_BATCH) {
      const batch = tools.slice(done, done + TOOL_BATCH);
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO tool_definitions (organization_id, source, name, description, input_schema, sort_order, content_hash, schema_refusals)
         SELECT $1, 'CUSTOM', t.name, t.description, t.schema::json, t.sort_order, t.hash, t.refusals::json
         FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[]) AS t(name, description, schema, sort_order, hash, refusals)`,
        [
          organizationId,
          batch.map((t) => t.name),
          batch.map((t) => t.description),
          batch.map((t) => JSON.stringify(t.inputSchema)),
          batch.map((t) => t.sortOrder),
          batch.map((t) => contentHash(t)),
          batch.map((t) => JSON.stringify(schemaRefusals(t.inputSchema) ?? {})),
        ],
      );
      const links = batch.flatMap((t) => t.channels.map((channel) => [t.name, channel] as const));
      await client.query(
        `INSERT INTO tool_definition_channels (tool_definition_id, channel_id)
         SELECT t.id, c.id FROM unnest($2::text[], $3::text[]) AS l(name, channel)
           JOIN tool_definitions t ON t.organization_id = $1 AND t.name = l.name
           JOIN channels c ON c.organization_id = $1 AND c.key = l.channel`,
        [organizationId, links.map((l) => l[0]), links.map((l) => l[1])],
      );
      await client.query('COMMIT');
    }
  });
}

/** Agents of the project with no rules and the default settings, as createAgent would store them. */
export async function insertAgents(databaseUrl: string, world: World, count: number): Promise<void> {
  const rows = await withClient(databaseUrl, (client) =>
    client.query(
      `INSERT INTO agents (organization_id, project_id, name, model)
       SELECT $1, $2, 'agent_' || i, o.default_model FROM generate_series(1, $3::int) AS i, organizations o WHERE o.id = $1
       RETURNING id`,
      [world.organizationId, world.projectId, count],
    ),
  );
  world.agentIds.push(...rows.rows.map((r) => r.id as string));
}
