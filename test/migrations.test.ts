import 'reflect-metadata';
import type { EntityManager } from 'typeorm';
import type { Database } from '../src/db/database';
import { readMigrations, runMigrations } from '../src/db/migrations';
import { loadToolRows } from '../src/loadout/edge';
import { ModelPriceEntity } from '../src/conversations/model-price.entity';
import { frozenRates, turnCost } from '../src/conversations/turn-cost';
import { TurnEntity } from '../src/conversations/turn.entity';
import { emptyDatabase, migrateBefore } from './support/migrated-database';

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await emptyDatabase());
});
afterAll(() => drop());

it('applies every migration once, and again is a no-op', async () => {
  const all = readMigrations().map((m) => m.name);
  expect(await runMigrations(db.dataSource)).toEqual(all);
  expect(await runMigrations(db.dataSource)).toEqual([]);
});

it('leaves nothing for the entities to change: entities and migrations agree', async () => {
  const pending = await db.dataSource.driver.createSchemaBuilder().log();
  expect(pending.upQueries.map((q) => q.query)).toEqual([]);
});

it('can be rolled back completely by the down scripts', async () => {
  await db.dataSource
    .transaction(async (tx) => {
      for (const m of readMigrations().reverse()) await tx.query(m.down);
      const tables: Array<{ table_name: string }> = await tx.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'loadout_migrations'`,
      );
      expect(tables).toEqual([]);
      // Leave the database as the other tests found it.
      throw new RollbackForTest();
    })
    .catch((e) => {
      if (!(e instanceof RollbackForTest)) throw e;
    });
  const pending = await db.dataSource.driver.createSchemaBuilder().log();
  expect(pending.upQueries).toEqual([]);
});

it('keeps one definition per name and scope, a missing project or agent counting as one scope', async () => {
  const insert = (tx: EntityManager, org: string, agent: string | null) =>
    tx.query(
      `INSERT INTO tool_definitions (organization_id, agent_id, source, name, description, input_schema, content_hash)
         VALUES ($1, $2, 'CUSTOM', 'q', 'd', '{}', 'h')`,
      [org, agent],
    );
  await db.dataSource
    .transaction(async (tx) => {
      const [{ id: org }]: Array<{ id: string }> = await tx.query(`INSERT INTO organizations (name) VALUES ('o') RETURNING id`);
      const [{ id: agent }]: Array<{ id: string }> = await tx.query(
        `INSERT INTO agents (organization_id, name, model) VALUES ($1, 'a', 'm') RETURNING id`,
        [org],
      );
      await insert(tx, org, null);
      await insert(tx, org, agent);
      await expect(tx.query('SAVEPOINT twice').then(() => insert(tx, org, null))).rejects.toMatchObject({
        driverError: { code: '23505' },
      });
      await tx.query('ROLLBACK TO SAVEPOINT twice');
      await expect(insert(tx, org, agent)).rejects.toMatchObject({ driverError: { code: '23505' } });
      throw new RollbackForTest();
    })
    .catch((e) => {
      if (!(e instanceof RollbackForTest)) throw e;
    });
});

it('moves the calls already logged into the partitioned log, keeping their ids, and numbers new ones after them', async () => {
  const { db: old, drop: dropOld } = await emptyDatabase();
  try {
    const PARTITIONED = '1764400016000-ToolCallLogPartitions';
    const ds = old.dataSource;
    await migrateBefore(ds, PARTITIONED);
    const [{ id: org }]: Array<{ id: string }> = await ds.query(`INSERT INTO organizations (name) VALUES ('o') RETURNING id`);
    const logged = ['2020-01-05T00:00:00.000Z', '2026-03-01T12:00:00.000Z'];
    for (const at of logged) {
      await ds.query(`INSERT INTO tool_calls (organization_id, user_id, tool_name, at, is_error) VALUES ($1, 'u', 't', $2, false)`, [
        org,
        at,
      ]);
    }
    expect(await runMigrations(ds)).toEqual([
      PARTITIONED,
      ...readMigrations()
        .map((m) => m.name)
        .filter((n) => n > PARTITIONED),
    ]);
    const rows: Array<{ id: string; at: Date; partition: string }> = await ds.query(
      `SELECT id, at, tableoid::regclass::text AS partition FROM tool_calls ORDER BY id`,
    );
    expect(rows.map((r) => [String(r.id), r.at.toISOString(), r.partition])).toEqual([
      ['1', logged[0], 'tool_calls_default'],
      ['2', logged[1], 'tool_calls_default'],
    ]);
    const [{ id }]: Array<{ id: string }> = await ds.query(
      `INSERT INTO tool_calls (organization_id, user_id, tool_name, at, is_error) VALUES ($1, 'u', 't', now(), false) RETURNING id`,
      [org],
    );
    expect(String(id)).toBe('3');
  } finally {
    await dropOld();
  }
});

class RollbackForTest extends Error {}

it('keeps definitions stored as jsonb loading: their content and hash as they were, refusals checked when loaded', async () => {
  const { db: old, drop: dropOld } = await emptyDatabase();
  try {
    const AS_SENT = '1764400019000-ToolsAsSent';
    const ds = old.dataSource;
    await migrateBefore(ds, AS_SENT);
    const [{ id: org }]: Array<{ id: string }> = await ds.query(`INSERT INTO organizations (name) VALUES ('o') RETURNING id`);
    // Top-level anyOf: stored before the provider rules, it must now be left out for OpenAI and Anthropic agents.
    const schema = { type: 'object', properties: { b: { type: 'string' }, a: { type: 'string' } }, anyOf: [{ required: ['a'] }] };
    await ds.query(
      `INSERT INTO tool_definitions (organization_id, source, name, description, input_schema, content_hash) VALUES ($1, 'MCP', 'mcp__s__t', 'd', $2::jsonb, 'stored-hash')`,
      [org, JSON.stringify(schema)],
    );
    await runMigrations(ds);
    const rows = await loadToolRows(ds, org, null);
    expect(rows).toHaveLength(1);
    // jsonb kept its own order (shorter keys first); the value is what was stored, the hash is the stored one.
    expect(rows[0].inputSchema).toEqual(schema);
    expect(rows[0].contentHash).toBe('stored-hash');
    expect(rows[0].hints).toEqual([]);
    expect(rows[0].schemaRefusals).toEqual({
      openai: { rule: 'no-top-level-combinator', pointer: '/anyOf' },
      anthropic: { rule: 'no-top-level-combinator', pointer: '/anyOf' },
    });
  } finally {
    await dropOld();
  }
});

it('checks again, when loaded, the stored refusals the changed provider schema rules judge otherwise', async () => {
  const { db: old, drop: dropOld } = await emptyDatabase();
  try {
    const ds = old.dataSource;
    await migrateBefore(ds, '1764400023000-RecheckSchemaRefusals');
    const [{ id: org }]: Array<{ id: string }> = await ds.query(`INSERT INTO organizations (name) VALUES ('o') RETURNING id`);
    const store = (name: string, schema: unknown, refusals: unknown) =>
      ds.query(
        `INSERT INTO tool_definitions (organization_id, source, name, description, input_schema, content_hash, schema_refusals)
           VALUES ($1, 'MCP', $2, 'd', $3::json, $2, $4::json)`,
        [org, name, JSON.stringify(schema), JSON.stringify(refusals)],
      );
    // As LINE's flex-message tools were stored: refused for Gemini over a description beside a $ref, which Gemini takes.
    const described = { type: 'object', properties: { c: { type: 'string' }, d: { $ref: '#/properties/c', description: 'Colour' } } };
    await store('mcp__line__push', described, { google: { rule: 'ref-without-siblings', pointer: '/properties/d/description' } });
    await store('mcp__asc__list', { type: 'object', properties: { 'filter[id]': { type: 'string' } } }, {});
    // Nothing a changed rule reads: the stored verdict stands, even one no rule would give now.
    await store('mcp__s__kept', { type: 'object', properties: { a: { type: 'string' } } }, { openai: { rule: 'retired', pointer: '' } });
    await runMigrations(ds);
    const rows = new Map((await loadToolRows(ds, org, null)).map((r) => [r.name, r.schemaRefusals]));
    expect(rows.get('mcp__line__push')).toBeNull();
    expect(rows.get('mcp__asc__list')).toEqual({ anthropic: { rule: 'property-keys', pointer: '/properties/filter[id]' } });
    expect(rows.get('mcp__s__kept')).toEqual({ openai: { rule: 'retired', pointer: '' } });
  } finally {
    await dropOld();
  }
});

it('keeps what the annotations of each MCP tool state of the hints, false as well as true, for rules by MCP defaults', async () => {
  const { db: old, drop: dropOld } = await emptyDatabase();
  try {
    const ds = old.dataSource;
    await migrateBefore(ds, '1764400024000-StatedHints');
    const [{ id: org }]: Array<{ id: string }> = await ds.query(`INSERT INTO organizations (name) VALUES ('o') RETURNING id`);
    const store = (source: string, name: string, entry: unknown, hints: string[]) =>
      ds.query(
        `INSERT INTO tool_definitions (organization_id, source, name, description, input_schema, content_hash, mcp_entry, hints)
           VALUES ($1, $2, $3, 'd', '{"type":"object"}', $3, $4::json, $5)`,
        [org, source, name, entry === null ? null : JSON.stringify(entry), hints],
      );
    const annotations = { title: 'T', openWorldHint: false, readOnlyHint: true, destructiveHint: 'no', idempotentHint: true };
    await store('MCP', 'mcp__s__stated', { annotations }, ['readOnly', 'idempotent']);
    await store('MCP', 'mcp__s__bare', null, []);
    await store('CUSTOM', 'custom', null, []);
    await runMigrations(ds);
    const rows = new Map((await loadToolRows(ds, org, null)).map((r) => [r.name, r.hints]));
    expect(rows.get('mcp__s__stated')).toEqual(['readOnly', 'idempotent', '!openWorld']);
    expect(rows.get('mcp__s__bare')).toEqual([]);
    expect(rows.get('custom')).toEqual([]);
  } finally {
    await dropOld();
  }
});

it('keeps prices and completed turns of before the 1-hour cache rate loading, the rate twice their input rate', async () => {
  const { db: old, drop: dropOld } = await emptyDatabase();
  try {
    const HOUR_CACHE = '1764400020000-CacheWriteTtlAndServerTools';
    const ds = old.dataSource;
    await migrateBefore(ds, HOUR_CACHE);
    const one = async (sql: string, params: unknown[] = []) =>
      ((await ds.query(`${sql} RETURNING id`, params)) as Array<{ id: string }>)[0].id;
    const org = await one(`INSERT INTO organizations (name) VALUES ('o')`);
    const channel = await one(`INSERT INTO channels (organization_id, key, name) VALUES ($1, 'web', 'Web')`, [org]);
    const agent = await one(`INSERT INTO agents (organization_id, name, model) VALUES ($1, 'a', 'anthropic/m')`, [org]);
    const conversation = await one(
      `INSERT INTO conversations (organization_id, agent_id, channel_id, page_type, user_id) VALUES ($1, $2, $3, 'HOME', 'u')`,
      [org, agent, channel],
    );
    const snapshot = await one(
      `INSERT INTO toolbox_snapshots (organization_id, snapshot_key, fingerprint, model, tool_count, schema_tokens) VALUES ($1, 'k', 'f', 'anthropic/m', 0, 0)`,
      [org],
    );
    await ds.query(
      `INSERT INTO model_prices (organization_id, model, input_usd_per_mtok, cached_input_usd_per_mtok, cache_write_usd_per_mtok, output_usd_per_mtok)
         VALUES ($1, 'anthropic/m', 3, 0.3, 3.75, 15)`,
      [org],
    );
    const turn = await one(
      `INSERT INTO turns (organization_id, conversation_id, index, snapshot_id, model, loadout_version, toolbox_changed, completed_at,
         input_tokens, cached_input_tokens, cache_write_tokens, output_tokens, funding_model, price_input_usd_per_mtok,
         price_cached_input_usd_per_mtok, price_cache_write_usd_per_mtok, price_output_usd_per_mtok)
       VALUES ($1, $2, 1, $3, 'anthropic/m', 1, false, now(), 1000, 0, 400, 10, 'BRING_YOUR_OWN', 3, 0.3, 3.75, 15)`,
      [org, conversation, snapshot],
    );
    await runMigrations(ds);

    const price = await ds.manager.findOneByOrFail(ModelPriceEntity, { organizationId: org });
    expect(price).toMatchObject({ cacheWriteUsdPerMTok: 3.75, cacheWrite1hUsdPerMTok: 6 });
    const loaded = await ds.manager.findOneByOrFail(TurnEntity, { id: turn });
    expect(loaded).toMatchObject({ cacheWriteTokens: 400, cacheWrite1hTokens: 0, serverToolUse: null, priceCacheWrite1hUsdPerMTok: 6 });
    // It costs what it did: its cache writes all at the one cache-write rate it was completed under.
    const usage = {
      inputTokens: 1000,
      cachedInputTokens: 0,
      cacheWriteTokens: 400,
      cacheWrite1hTokens: loaded.cacheWrite1hTokens,
      outputTokens: 10,
    };
    const cost = turnCost(usage, frozenRates(loaded), { includedCredits: false, snapshotSchemaTokens: 0 });
    expect(cost.amountUsd).toBeCloseTo((600 * 3 + 400 * 3.75 + 10 * 15) / 1e6, 12);
  } finally {
    await dropOld();
  }
});
