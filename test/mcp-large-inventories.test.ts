import { gzipSync } from 'node:zlib';
import { QUERY_LIMITS } from '../src/server/query-limits';
import {
  AgentLoadoutDocument,
  AgentsAndChannelsDocument,
  CallerIdentityDocument,
  ReportMcpToolsDocument,
  WorldChannelDocument,
  type ReportMcpToolsMutation,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { postBody } from './support/post-body';
import { TestWorld } from './support/test-world';

/*
 * An inventory as large as the largest real servers' goes in one report
 * (docs/semantics.md §8.5): up to 8 MiB of body, gzipped or not, stored the
 * same either way. Every other request keeps the 1 MiB bound, and a gzipped
 * body is bounded as it inflates.
 */

let t: TestServer;
let key: string;
let serverId: string;
let agentId: string;

const versionOf = async (id: string) => (await t.ok(key, AgentLoadoutDocument, { id })).agent!.loadoutVersion;

/** 500 tools of about 8.7 KiB each, the size of a large real server's: more than 4 MiB as tools/list. */
const INVENTORY = Array.from({ length: 500 }, (_, i) => ({
  name: `operation_${i}`,
  description: `Operation ${i} of a large API.`,
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: 40 }, (_, p) => [
        `field_${p}`,
        { type: 'string', description: `Field ${p} of operation ${i}: ${'d'.repeat(150)}` },
      ]),
    ),
    required: ['field_0'],
  },
}));
const body = (tools: unknown[]) => JSON.stringify({ query: ReportMcpToolsDocument.toString(), variables: { serverId, tools } });

beforeAll(async () => {
  t = await startTestServer();
  const world = new TestWorld(t);
  // No channel: the spec reads that a refused request made none.
  const organization = await world.organization('Test org', { channels: [], agents: [{ name: 'a', model: 'openai/gpt-4o' }] });
  key = organization.adminKey;
  agentId = organization.agents[0].id;
  [{ id: serverId }] = await world.mcpServers(key, [{ name: 'large' }]);
});
afterAll(() => t.stop());

it('stores a 4 MiB inventory whole from one report, and the same inventory gzipped moves nothing', async () => {
  const plainBody = body(INVENTORY);
  expect(Buffer.byteLength(JSON.stringify({ tools: INVENTORY }))).toBeGreaterThan(4 * 1024 * 1024);
  const plain = await postBody(t.url, plainBody, { key });
  expect(plain.json.errors).toBeUndefined();
  const first = (plain.json.data as ReportMcpToolsMutation).reportMcpTools;
  expect(first.refusedTools).toEqual([]);
  expect(first.tools).toHaveLength(500);
  const sent = new Map(INVENTORY.map((x) => [x.name, JSON.stringify(x.inputSchema)]));
  for (const tool of first.tools) expect(JSON.stringify(tool.inputSchema)).toBe(sent.get(tool.mcpToolName!));

  const version = await versionOf(agentId);
  const zipped = await postBody(t.url, plainBody, { key, gzip: true });
  expect(gzipSync(plainBody).length).toBeLessThan(QUERY_LIMITS.maxBodyBytes);
  const again = (zipped.json.data as ReportMcpToolsMutation).reportMcpTools;
  const summary = (r: ReportMcpToolsMutation['reportMcpTools']) => r.tools.map((x) => [x.id, x.version, x.contentHash]);
  expect(summary(again)).toEqual(summary(first));
  expect(await versionOf(agentId)).toBe(version);
});

it('keeps the 1 MiB bound for every other request, naming both bounds', async () => {
  const padded = JSON.stringify({
    query: WorldChannelDocument.toString(),
    variables: { input: { key: 'web', name: 'Web' }, pad: 'x'.repeat(1.1 * 1024 * 1024) },
  });
  for (const gzip of [false, true]) {
    const result = await postBody(t.url, padded, { key, gzip });
    expect(result.status).toBe(413);
    expect(result.json.errors![0]).toMatchObject({
      extensions: { code: 'BAD_REQUEST' },
      message: `Request body larger than 1048576 bytes${gzip ? ' once inflated' : ''} (reportMcpTools and reportMcpInventory: 8388608)`,
    });
  }
  const channels = await t.ok(key, AgentsAndChannelsDocument);
  expect(channels.channels).toEqual([]);
});

it('refuses an inventory body over 8 MiB, plain or once inflated', async () => {
  const tooLarge = body([...INVENTORY, ...INVENTORY.slice(0, 499)].map((x, i) => ({ ...x, name: `t${i}` })));
  expect(Buffer.byteLength(tooLarge)).toBeGreaterThan(QUERY_LIMITS.maxInventoryBodyBytes);
  for (const gzip of [false, true]) {
    const result = await postBody(t.url, tooLarge, { key, gzip });
    expect(result.status).toBe(413);
    expect(result.json.errors![0].message).toMatch(gzip ? /once inflated.*8388608/ : /8388608/);
  }
});

it('stops a gzip bomb at the bound, without inflating it, and keeps serving', async () => {
  // 1 GiB of spaces in 1 MiB gzip members: about 1 MB sent.
  const member = gzipSync(Buffer.alloc(1024 * 1024, ' '));
  const bomb = Buffer.concat(Array.from({ length: 1024 }, () => member));
  const rss = process.memoryUsage().rss;
  const started = performance.now();
  const result = await postBody(t.url, bomb, { key, encoding: 'gzip' });
  expect(result.status).toBe(413);
  expect(result.json.errors![0].message).toMatch(/once inflated/);
  expect(performance.now() - started).toBeLessThan(5_000);
  expect(process.memoryUsage().rss - rss).toBeLessThan(256 * 1024 * 1024);
  expect(await versionOf(agentId)).toBeGreaterThan(0);
});

it('answers 415 naming gzip for an encoding it does not take, and 400 for a body that is not gzip', async () => {
  const query = JSON.stringify({ query: CallerIdentityDocument.toString() });
  const br = await postBody(t.url, query, { key, encoding: 'br' });
  expect(br.status).toBe(415);
  expect(br.acceptEncoding).toBe('gzip');
  expect(br.json.errors![0]).toMatchObject({ extensions: { code: 'BAD_REQUEST' }, message: expect.stringMatching(/'br'.*gzip/) });
  const notGzip = await postBody(t.url, query, { key, encoding: 'gzip' });
  expect(notGzip.status).toBe(400);
  expect(notGzip.json.errors![0].message).toBe('Body is not valid gzip');
});
