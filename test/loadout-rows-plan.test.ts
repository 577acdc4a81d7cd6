import { loadToolRows, type Queryable } from '../src/loadout/edge';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

/**
 * A cold load of one organisation must cost what that organisation holds,
 * not what every organisation holds: with no statistics gathered (a bulk
 * load, autovacuum off), the planner must still reach a definition's
 * channels and context objects through the organisation, never by scanning
 * those tables whole.
 */
it("plans an organisation's definitions without scanning every organisation's channels or context objects", async () => {
  const { id } = await new TestWorld(t).organization('planned', {
    contextObjects: [{ key: 'Case', name: 'Case' }],
    tools: [{ name: 't', description: 'd', inputSchema: { type: 'object' }, channels: ['web'], contextObjects: ['Case'] }],
  });
  const db = t.server.services.db.dataSource;
  const plans: string[] = [];
  const explaining: Queryable = {
    query: async <T>(sql: string, params?: unknown[]): Promise<T> => {
      const rows: Array<{ 'QUERY PLAN': string }> = await db.query(`EXPLAIN ${sql}`, params);
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      // What the loader reads back: one row of no definitions.
      return [{ rows: [] }] as T;
    },
  };
  await loadToolRows(explaining, id, null);
  expect(plans).toHaveLength(1);
  expect(plans[0]).not.toMatch(/Seq Scan on (channels|context_objects|tool_definition_channels|tool_definition_context_objects)\b/);
});
