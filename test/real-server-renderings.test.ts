import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JSONSchema } from 'openai/lib/jsonschema';
import { toStrictJsonSchema } from 'openai/lib/transform';
import { contentHash, toolboxFingerprint } from '../src/common/content-hash';
import { projectRoot } from '../src/common/project-root';
import { type GeminiTool, tokenCounter } from '../src/loadout/tokens';
import { declarationsSentByAiSdk, declarationsSentByGenai, type NeutralTool, type SentDeclaration } from './support/google-request-bodies';
import { McpToolboxDocument, ReportMcpToolsDocument, type McpToolboxQuery } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { readRealToolLists, type RealToolList } from './support/mcp-servers';
import { TestWorld } from './support/test-world';
import { TscFixtures } from './support/tsc-fixtures';

/*
 * The OPENAI_RESPONSES, NEUTRAL and GOOGLE renderings of every tool the three
 * reference MCP servers report, run for real over stdio: what the SDKs take,
 * where each call goes, and what the AI SDK's Google provider sends instead
 * of Loadout's GOOGLE rendering. docs/renderings.md states the counts and the
 * measured difference; these tests hold it to them.
 */

const SERVERS = ['everything', 'filesystem', 'memory'] as const;
const DOC = readFileSync(join(projectRoot(), 'docs', 'renderings.md'), 'utf8');

interface ResponsesTool {
  type: string;
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: boolean;
}
interface Neutral extends NeutralTool {
  mcpServer?: string;
  mcpToolName?: string;
}
/** The toolbox with the renderings these tests read, each in its own shape. */
type Toolbox = McpToolboxQuery['toolbox'] & { responses: ResponsesTool[]; neutral: Neutral[]; google: GeminiTool[] };

const text = (value: unknown) => JSON.stringify(value ?? null);
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

let t: TestServer;
let toolbox: Toolbox;
const lists = new Map<string, RealToolList>();

beforeAll(async () => {
  const [read, server] = await Promise.all([readRealToolLists(), startTestServer()]);
  t = server;
  for (const list of read) lists.set(list.server, list);
  const world = new TestWorld(t);
  const { adminKey: key, agents } = await world.organization('Test org', {
    agents: [{ name: 'a', model: 'google/gemini-2.5-pro', maxTools: 100 }],
  });
  const servers = await world.mcpServers(
    key,
    SERVERS.map((name) => ({ name })),
  );
  for (const { id, name } of servers) await t.ok(key, ReportMcpToolsDocument, { serverId: id, tools: lists.get(name)!.tools });
  toolbox = (await t.ok(key, McpToolboxDocument, { agentId: agents[0].id })).toolbox as Toolbox;
}, 120_000);
afterAll(() => t?.stop());

it('carries every tool the servers report', () => {
  const reported = [...lists.values()].reduce((n, l) => n + l.tools.length, 0);
  expect(toolbox.tools).toHaveLength(reported);
});

it('routes every neutral tool to the server and the name it was reported under, with its schema as the server sent it', () => {
  expect(toolbox.neutral.map((r) => r.name)).toEqual(toolbox.tools.map((e) => e.name));
  toolbox.neutral.forEach((r, i) => {
    const entry = toolbox.tools[i];
    expect({ server: r.mcpServer, tool: r.mcpToolName }).toEqual({ server: entry.mcpServerName, tool: entry.mcpToolName });
    const reported = lists.get(r.mcpServer!)?.tools.find((x) => x.name === r.mcpToolName);
    expect({ name: r.name, schema: text(r.inputSchema) }).toEqual({ name: r.name, schema: text(reported?.inputSchema) });
    expect(entry.toolName).toBe(`mcp__${r.mcpServer}__${r.mcpToolName}`);
  });
});

describe('the OPENAI_RESPONSES rendering', () => {
  let fixtures: TscFixtures;
  beforeAll(() => (fixtures = new TscFixtures()));
  afterAll(() => fixtures.remove());

  it("is what the openai package's Responses FunctionTool type takes, tool by tool, under tsc --strict", async () => {
    const source = `import type { FunctionTool } from 'openai/resources/responses/responses';
export const tools: FunctionTool[] = ${JSON.stringify(toolbox.responses, null, 1)};
`;
    expect(await fixtures.compile('real-responses', source)).toEqual({ status: 0, output: '' });
  }, 120_000);

  it('sends each schema as the server sent it, strict only where the openai strict transform leaves it as it is; the docs give the count', () => {
    toolbox.responses.forEach((r, i) => {
      expect({ name: r.name, type: r.type, schema: text(r.parameters) }).toEqual({
        name: toolbox.tools[i].name,
        type: 'function',
        schema: text(toolbox.neutral[i].inputSchema),
      });
      if (r.strict) expect(toStrictJsonSchema(structuredClone(r.parameters) as JSONSchema)).toEqual(r.parameters);
    });
    const strict = toolbox.responses.filter((r) => r.strict).length;
    expect(DOC).toContain(`**${strict} of ${toolbox.responses.length}** are strict-ready`);
  });
});

it('sends the GOOGLE rendering through @google/genai unchanged: what Loadout counted and fingerprinted', async () => {
  const loadout = toolbox.google.flatMap((g) => g.functionDeclarations);
  expect(loadout).toHaveLength(toolbox.tools.length);
  expect(text(await declarationsSentByGenai(toolbox.google))).toBe(text(loadout));
});

/** Every keyword a schema uses, at any depth: the names under `properties` and `$defs` are data, not keywords. */
function keywordsOf(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => keywordsOf(s, into));
  else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      into.add(key);
      if (key === 'properties' || key === '$defs' || key === 'definitions')
        Object.values(value as object).forEach((s) => keywordsOf(s, into));
      else if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples' && key !== 'required') keywordsOf(value, into);
    }
  }
  return into;
}

it('measures what @ai-sdk/google sends instead of the GOOGLE rendering, as docs/renderings.md states it', async () => {
  const loadout = toolbox.google.flatMap((g) => g.functionDeclarations);
  const aiSdk = await declarationsSentByAiSdk(toolbox.neutral);
  expect(aiSdk.map((d) => d.name)).toEqual(loadout.map((d) => d.name));

  const schemaOf = (d: SentDeclaration) => d.parametersJsonSchema ?? d.parameters;
  const changed = loadout.filter((d, i) => text(schemaOf(d)) !== text(schemaOf(aiSdk[i]))).length;
  const withoutSchema = aiSdk.filter((d) => schemaOf(d) === undefined).length;
  const count = tokenCounter('o200k_base');
  const aiSdkTokens = aiSdk.reduce((n, d) => n + count(JSON.stringify(d)), 0);
  const aiSdkFingerprint = toolboxFingerprint(
    aiSdk.map((d) => contentHash({ name: d.name, description: d.description, inputSchema: schemaOf(d) ?? null })),
  );
  const before = new Set(loadout.flatMap((d) => [...keywordsOf(schemaOf(d))]));
  const after = new Set(aiSdk.flatMap((d) => [...keywordsOf(schemaOf(d))]));
  const dropped = [...before].filter((k) => !after.has(k)).sort();

  const rows = [
    `| schemas changed | ${changed} of ${loadout.length} |`,
    `| declarations sent with no schema at all | ${withoutSchema} |`,
    `| JSON text of the declarations | ${bytes(loadout)} bytes as Loadout renders them, ${bytes(aiSdk)} as the AI SDK sends them |`,
    `| estimated tokens (o200k stand-in) | ${toolbox.schemaTokens} (the toolbox's \`schemaTokens\`), ${aiSdkTokens} as sent |`,
    `| fingerprint of the content sent | ${aiSdkFingerprint === toolbox.fingerprint ? 'equal' : 'differs'} |`,
    `| keywords dropped | ${dropped.map((k) => `\`${k}\``).join(', ')} |`,
  ];
  for (const row of rows) expect(DOC).toContain(row);
});
