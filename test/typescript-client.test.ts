import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../src/common/project-root';
import { seedDemo } from '../src/demo/seed-demo';
import { defineTool } from '../packages/client/src/catalogue';
import { LoadoutError, loadoutClient, resolveEndpoint } from '../packages/client/src/client';
import type { JsonValue } from '../packages/client/src/json';
import { describeCarried, describeToolbox, previewToolbox } from '../packages/client/src/preview';
import { anthropicMessages, LoadoutRuntime } from '../packages/client/src/runtime';
import { ConversationTurnsPageDocument } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { runnableBlocks } from './support/runnable-blocks';
import { TestWorld } from './support/test-world';

const root = projectRoot();
const example = path.join(root, 'packages', 'client');
const node = (...args: string[]) => spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
const packageJson = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
    overrides: Record<string, string>;
    engines: Record<string, string>;
  };

it('compiles: its generated client is what codegen makes from the schema, and tsc accepts the example', () => {
  const codegen = node(path.join(root, 'scripts', 'codegen.mjs'), '--check');
  expect({ status: codegen.status, output: codegen.stdout + codegen.stderr }).toEqual({ status: 0, output: '' });
  const tsc = node(require.resolve('typescript/bin/tsc'), '-p', path.join(example, 'tsconfig.json'), '--noEmit');
  expect({ status: tsc.status, output: tsc.stdout + tsc.stderr }).toEqual({ status: 0, output: '' });
}, 120_000);

it('names the config and its "schema" key when the schema file is not where the config says', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loadout-codegen-'));
  try {
    const config = path.join(dir, 'codegen.json');
    writeFileSync(config, readFileSync(path.join(example, 'codegen.json')));
    const run = spawnSync(process.execPath, [path.join(example, 'codegen.mjs'), 'codegen.json'], { cwd: dir, encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr.trim() }).toEqual({
      status: 1,
      stderr: `codegen.json: "schema" names schema.graphql, which does not exist: copy the Loadout server's schema/schema.graphql there, or set "schema" to where it is`,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("pins the versions the project builds with, and passes on the project's overrides and engines", () => {
  const own = packageJson(example);
  const project = packageJson(root);
  const versions = { ...project.dependencies, ...project.devDependencies };
  for (const [name, version] of Object.entries({ ...own.dependencies, ...own.devDependencies })) {
    expect({ name, version }).toEqual({ name, version: versions[name] });
  }
  expect(own.overrides).toEqual(project.overrides);
  expect(own.engines).toEqual(project.engines);
  // The lock was made from this package.json, so `npm install` installs the tree it records.
  const lock = JSON.parse(readFileSync(path.join(example, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }>;
  };
  expect({ dependencies: lock.packages[''].dependencies, devDependencies: lock.packages[''].devDependencies }).toEqual({
    dependencies: own.dependencies,
    devDependencies: own.devDependencies,
  });
});

it('sends GraphQL to /graphql under the base URL it is given, and refuses an address that is not http(s)', () => {
  expect(resolveEndpoint('http://localhost:4000').href).toBe('http://localhost:4000/graphql');
  expect(resolveEndpoint('http://localhost:4000/').href).toBe('http://localhost:4000/graphql');
  expect(resolveEndpoint('http://localhost:4000/graphql').href).toBe('http://localhost:4000/graphql');
  expect(resolveEndpoint('http://localhost:4000/graphql/').href).toBe('http://localhost:4000/graphql');
  expect(resolveEndpoint('https://tools.acme.example/loadout/').href).toBe('https://tools.acme.example/loadout/graphql');
  expect(() => loadoutClient('localhost:4000', 'k')).toThrow(
    "'localhost:4000' is not an http(s) URL: give the Loadout server's base URL, such as http://localhost:4000",
  );
  expect(() => loadoutClient('not a url', 'k')).toThrow("'not a url' is not a URL");
});

let t: TestServer;
let demoKey: string;
beforeAll(async () => {
  t = await startTestServer();
  demoKey = (await seedDemo(t.server.services)).adminKey;
});
afterAll(() => t.stop());

describe('against a server', () => {
  let adminKey: string;
  let runtimeKey: string;
  let agentId: string;

  beforeAll(async () => {
    const world = new TestWorld(t);
    const organization = await world.organization('Test org', { agents: [{ name: 'a', model: 'anthropic/claude-sonnet-4-5' }] });
    adminKey = organization.adminKey;
    agentId = organization.agents[0].id;
    runtimeKey = await world.key(adminKey, 'RUNTIME');
  });

  const schema: JsonValue = { type: 'object', properties: { q: { type: 'string' } } };

  it('defines a tool, previews the toolbox and runs a turn that carries what the preview showed', async () => {
    const editor = loadoutClient(t.url, adminKey);
    // The server's base URL, as its banner prints it, reaches the same endpoint.
    const loadout = new LoadoutRuntime(loadoutClient(t.server.url, runtimeKey));
    const tool = await defineTool(editor, { name: 'lookup', description: 'Looks a record up.', inputSchema: schema });
    expect(tool.inputSchema).toEqual(schema);
    expect(typeof tool.updatedAt).toBe('string');
    await defineTool(editor, { name: 'lookup', description: 'The agent’s own.', inputSchema: schema, agentId });

    const preview = await previewToolbox(loadout.request, agentId, 'web');
    const conversationId = await loadout.startConversation({ agentId, channel: 'web', userId: 'dana@acme.example' });
    const turn = await loadout.beginTurn(conversationId, anthropicMessages);
    const { turn: completed } = await turn.finish({
      content: [],
      usage: { input_tokens: 800, cache_read_input_tokens: 200, output_tokens: 50 },
    });

    expect(turn.tools).toEqual([{ name: 'lookup', description: 'The agent’s own.', input_schema: schema }]);
    expect(turn.index).toBe(1);
    expect(turn.begun.toolbox.fingerprint).toBe(preview.fingerprint);
    expect(describeToolbox(preview)).toEqual(['1. lookup (' + preview.tools[0].schemaTokens + ' tokens)', '- lookup: SHADOWED by lookup']);
    expect(describeCarried(turn.begun.toolbox.tools)).toEqual(describeCarried(preview.tools));
    expect(completed.usage).toMatchObject({ inputTokens: 1_000, cachedInputTokens: 200, outputTokens: 50 });
    expect(completed.cost?.toolDefinitionShare).toBeCloseTo(preview.schemaTokens / 1_000);
  });

  it('throws a LoadoutError naming the input at fault', async () => {
    const loadout = new LoadoutRuntime(loadoutClient(t.url, runtimeKey));
    const error = await loadout.startConversation({ agentId, channel: 'nowhere' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoadoutError);
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.channel' });
  });

  it('says what answered instead when the address is not the GraphQL endpoint', async () => {
    const wrong = loadoutClient(`${t.server.url}/healthz`, runtimeKey);
    const error = await previewToolbox(wrong, agentId, 'web').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoadoutError);
    expect((error as LoadoutError).message).toBe(
      `POST ${t.server.url}/healthz/graphql answered HTTP 404 (application/json: {"error":"not found"}), not a GraphQL response: ` +
        "is it the Loadout server's address? Its GraphQL endpoint is /graphql",
    );
  });
});

describe('copied out of the repository, following its README', () => {
  const steps = runnableBlocks(readFileSync(path.join(example, 'README.md'), 'utf8')).filter((block) => block.kind === 'step');
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'loadout-typed-client-'));
    // The README's steps start beside a Loadout checkout named `loadout/`.
    symlinkSync(root, path.join(dir, 'loadout'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The README's steps as one shell would run them pasted in order: a `cd` in one holds for the next. */
  function runSteps(): Promise<{ code: number | null; output: string }> {
    const script = steps.map((step) => `echo "## README step at line ${step.line}"\n${step.code}`).join('\n');
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, LOADOUT_URL: t.server.url, LOADOUT_KEY: demoKey };
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
  }

  it('has steps that copy the folder and the schema, install, generate, compile and run', () => {
    const commands = steps.flatMap((step) => step.code.trim().split('\n'));
    expect(commands).toEqual([
      'cp -R loadout/packages/client my-client',
      'cp loadout/schema/schema.graphql my-client/schema.graphql',
      'cd my-client',
      'npm install',
      'npm run generate',
      'npm run build',
      'npm start -- "Support agent" web',
    ]);
  });

  it('installs without an engine warning, and prints the preview and the turn it recorded', async () => {
    const { code, output } = await runSteps();
    expect({ code, output }).toEqual({ code: 0, output: expect.any(String) });
    expect(output).not.toContain('EBADENGINE');

    // From the base URL the client found /graphql.
    expect(output).toContain(`Loadout at ${t.server.url}/graphql\nagent Support agent (anthropic/claude-sonnet-4-5), channel web\n`);
    const lines = output.split('\n');
    const previewAt = lines.findIndex((line) => line.startsWith('preview: '));
    const turnAt = lines.findIndex((line) => line.startsWith('turn 1 of conversation '));
    expect(previewAt).toBeGreaterThanOrEqual(0);
    expect(turnAt).toBeGreaterThan(previewAt);
    const previewLines = lines.slice(previewAt + 1, turnAt);
    const turnLines = lines.slice(turnAt + 1).filter((line) => line.startsWith('  '));
    expect(previewLines).toContain('  - Bash: EXCLUDED by tool:Bash');
    // The turn lists what it carried; what was left out, and why, is the preview's to show.
    expect(turnLines).toEqual(previewLines.filter((line) => !line.startsWith('  - ')));
    expect(turnLines.length).toBeGreaterThan(0);
    expect(lines[turnAt]).toContain("the preview's toolbox");

    const conversationId = /^turn 1 of conversation (\S+):/.exec(lines[turnAt])![1];
    const recorded = (await t.ok(demoKey, ConversationTurnsPageDocument, { id: conversationId })).conversation!.turns;
    // No model was called, and the turn says so.
    expect({ totalCount: recorded.totalCount, abandonedReasons: recorded.edges.map((e) => e.node.abandonedReason) }).toEqual({
      totalCount: 1,
      abandonedReasons: ['no model was called: the example client only shows the toolbox'],
    });
  }, 600_000);
});
