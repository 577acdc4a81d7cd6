import { BeginTurnDocument, LastTurnsBySituationDocument } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const CONVERSATIONS = 3_000;

/**
 * The embedded database runs in this process: a long statement holds every
 * timer back, the server's keep-alive close among them. Letting them fire
 * before the next request keeps it off a connection the server is closing.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const TURNS_EACH = 10;

/**
 * Toolbox.lastTurn of an agent with thousands of conversations and tens of
 * thousands of turns: each situation's statement reads the last entry of
 * one range of the turns' situation index, one turn, whether the situation
 * has a context object (matched by equality) or none (IS NULL), and with or
 * without the planner's statistics.
 */
it("reads an agent's latest turn in a situation from one entry of one index, however many it has", async () => {
  const world = new TestWorld(t);
  const {
    adminKey: key,
    agents: [{ id: agent }],
  } = await world.organization('many turns', {
    contextObjects: [{ key: 'account', name: 'Account' }],
    agents: [{ name: 'busy' }],
  });
  const first = await world.startConversation(key, { agentId: agent });
  await t.ok(key, BeginTurnDocument, { conversationId: first });
  const db = t.server.services.db.dataSource;
  // Conversations on the home, list and record pages, half of them of an account; turns over the last 30 days.
  await db.query(
    `INSERT INTO conversations (organization_id, agent_id, channel_id, page_type, page_context_object, user_id)
     SELECT organization_id, agent_id, channel_id, (ARRAY['HOME', 'LIST', 'RECORD'])[1 + n % 3],
            CASE WHEN n % 3 = 2 AND n % 2 = 0 THEN 'account' END, user_id
       FROM conversations, generate_series(1, $2::int) n WHERE id = $1`,
    [first, CONVERSATIONS],
  );
  await db.query(
    `INSERT INTO turns (organization_id, conversation_id, index, snapshot_id, model, loadout_version, toolbox_changed, started_at,
                        agent_id, channel_id, page_type, page_context_object)
     SELECT c.organization_id, c.id, k, f.snapshot_id, f.model, 1, false,
            now() - interval '1 hour' - (abs(hashtext(c.id::text || k)) % 2592000) * interval '1 second',
            c.agent_id, c.channel_id, c.page_type, c.page_context_object
       FROM conversations c CROSS JOIN generate_series(1, $3::int) k CROSS JOIN (SELECT * FROM turns WHERE conversation_id = $1) f
      WHERE c.agent_id = $2 AND c.id <> $1`,
    [first, agent, TURNS_EACH],
  );
  await settle();
  const expected = async (withContext: boolean) =>
    (
      await db.query(
        `SELECT t.id FROM turns t JOIN conversations c ON c.id = t.conversation_id
          WHERE c.agent_id = $1 AND c.page_type = $2 AND c.page_context_object IS NOT DISTINCT FROM $3
          ORDER BY t.started_at DESC LIMIT 1`,
        [agent, withContext ? 'RECORD' : 'HOME', withContext ? 'account' : null],
      )
    )[0].id;

  for (const statistics of [false, true]) {
    if (statistics) await db.query('ANALYZE turns').then(settle);
    const logger = db.logger as { logQuery(query: string, parameters?: unknown[]): void };
    const statements: Array<{ query: string; parameters?: unknown[] }> = [];
    const logQuery = logger.logQuery;
    logger.logQuery = function (query, parameters) {
      statements.push({ query, parameters });
      logQuery.call(this, query, parameters);
    };
    const answered = await t.ok(key, LastTurnsBySituationDocument).finally(() => (logger.logQuery = logQuery));
    expect(answered.record[0].toolbox.lastTurn?.id).toBe(await expected(true));
    // The conversation started through the API holds the latest home turn.
    expect(answered.home[0].toolbox.lastTurn?.id).toBe(await expected(false));

    const reads = statements.filter((s) => /FROM turns t/.test(s.query) && /LIMIT 1/.test(s.query));
    expect(reads).toHaveLength(2);
    for (const { query, parameters } of reads) {
      const rows: Array<{ 'QUERY PLAN': string }> = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${query}`, parameters);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      // The range's last entry, read backward and stopped at once: no other scan of turns, no sort of the range.
      expect(plan).not.toMatch(/Seq Scan on turns|Bitmap Heap Scan on turns|on conversations|Sort/);
      const scan = plan.match(/Index Scan Backward using idx_turns_situation on turns t .*actual time=\S+ rows=(\d+)/);
      expect(scan).not.toBeNull();
      expect(Number(scan![1])).toBe(1);
    }
  }
});
