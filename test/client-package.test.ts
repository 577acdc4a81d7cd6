import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_VERSION } from '../packages/client/src/version';
import { projectRoot } from '../src/common/project-root';
import { CANNED_USAGE, FakeProvider } from './support/fake-provider';
import { startTestServer, typed, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/*
 * The client as a runtime installs it (docs/runtime.md, "Installing"): the
 * tarball `npm pack` makes of packages/client, installed into a fresh ESM
 * project and a fresh CommonJS one, each built by tsc against the package's
 * own declarations and run as a loop against a server and a stand-in
 * provider.
 */

const root = projectRoot();
const client = path.join(root, 'packages', 'client');
const tsc = require.resolve('typescript/bin/tsc');
const version = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;

let t: TestServer;
let fake: FakeProvider;
let runtimeKey: string;
let adminKey: string;
let agentId: string;
let packed: string;
const dirs: string[] = [];

const temporary = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  [t, fake] = await Promise.all([startTestServer(), FakeProvider.start()]);
  const world = new TestWorld(t);
  [{ adminKey }] = await world.organizations(['Package org']);
  runtimeKey = await t.createKey(adminKey, 'RUNTIME');
  await world.channels(adminKey, [{ key: 'web', name: 'Web' }]);
  await world.tools(adminKey, [
    {
      name: 'lookup_invoice',
      description: 'Looks an invoice up.',
      inputSchema: { type: 'object', properties: { number: { type: 'string' } } },
    },
  ]);
  [{ id: agentId }] = await world.agents(adminKey, [{ name: 'Billing', model: 'openai/gpt-4.1' }]);
  const out = temporary('loadout-pack-');
  const lines = execFileSync('npm', ['pack', '--pack-destination', out, '--silent'], { cwd: client, encoding: 'utf8' }).trim().split('\n');
  packed = path.join(out, lines[lines.length - 1]);
}, 180_000);
afterAll(async () => {
  await Promise.all([t?.stop(), fake?.stop()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('is of the server’s version, and says so', () => {
  expect(version(client)).toBe(version(root));
  expect(CLIENT_VERSION).toBe(version(root));
});

it('names in docs/runtime.md the SDK versions its loops are tested with, as package.json pins them', () => {
  const docs = readFileSync(path.join(root, 'docs', 'runtime.md'), 'utf8').replace(/\s+/g, ' ');
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<
    'dependencies' | 'devDependencies',
    Record<string, string>
  >;
  const pinned = { ...manifest.dependencies, ...manifest.devDependencies };
  for (const sdk of [
    'openai',
    '@anthropic-ai/sdk',
    '@google/genai',
    'ai',
    '@ai-sdk/anthropic',
    '@ai-sdk/openai',
    '@ai-sdk/google',
    '@openai/agents',
  ])
    expect({ sdk, named: docs.includes(`\`${sdk}\` ${pinned[sdk]}`) }).toEqual({ sdk, named: true });
});

it('packs the built entries and their declarations, not the sources, specs or the example program', () => {
  const files = execFileSync('tar', ['-tzf', packed], { encoding: 'utf8' }).trim().split('\n');
  for (const entry of ['index', 'graphql', 'apollo'])
    for (const extension of ['mjs', 'cjs']) expect(files).toContain(`package/dist/package/${entry}.${extension}`);
  expect(files).toContain('package/dist/package/types/src/index.d.ts');
  expect(files).toContain('package/operations.graphql');
  expect(files.filter((f) => f.startsWith('package/src/') || f.endsWith('.spec.ts') || f.includes('main'))).toEqual([]);
});

const LOOP = `
const loadout = loadoutRuntime({ url: env('LOADOUT_URL'), apiKey: env('LOADOUT_KEY') });
const conversationId = await loadout.startConversation({ agentId: env('AGENT_ID'), channel: 'web', userId: env('USER_ID') });
const turn = await loadout.beginTurn(conversationId, openaiChat);
const response = await fetch(env('PROVIDER_URL') + '/v1/chat/completions', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'Is invoice 42 paid?' }], tools: turn.tools }),
});
const completion = (await response.json()) as ChatCompletionLike;
const { turn: stored, calls } = await turn.finish(completion);
const operations: string = StartConversationDocument.toString();
console.log(JSON.stringify({ version: CLIENT_VERSION, usage: stored.usage, calls: calls.map((c) => c.tool.toolName), operations: operations.length > 0 }));
`;

const IMPORTS = `import { CLIENT_VERSION, loadoutRuntime, openaiChat, type ChatCompletionLike } from '@loadout/client';
import { StartConversationDocument } from '@loadout/client/graphql';
declare const process: { env: Record<string, string | undefined> };
const env = (name: string): string => process.env[name] ?? '';`;

const PROJECTS = {
  ESM: { type: 'module', source: `${IMPORTS}\n${LOOP}` },
  CommonJS: { type: 'commonjs', source: `${IMPORTS}\nasync function main(): Promise<void> {${LOOP}}\nvoid main();` },
};

function run(script: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: path.dirname(script), env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

const USAGE = typed<{ toolUsage: Array<{ toolName: string; calls: number }> }>(
  `query($u: String!) { toolUsage(userId: $u) { toolName calls } }`,
);

it.each(Object.keys(PROJECTS) as Array<keyof typeof PROJECTS>)(
  'installs from its tarball into a fresh %s project, builds with tsc and runs a loop',
  async (kind) => {
    const { type, source } = PROJECTS[kind];
    const dir = temporary(`loadout-${type}-`);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `runtime-${type}`, private: true, type }));
    const install = spawnSync('npm', ['install', packed, '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8' });
    expect({ status: install.status, stderr: install.stderr.includes('ERR') ? install.stderr : '' }).toEqual({ status: 0, stderr: '' });
    const tsconfig = {
      compilerOptions: { target: 'ES2022', module: 'node16', moduleResolution: 'node16', lib: ['ES2022', 'DOM'], types: [], strict: true },
      files: ['loop.ts'],
    };
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    writeFileSync(path.join(dir, 'loop.ts'), source);
    const built = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    expect({ status: built.status, output: built.stdout + built.stderr }).toEqual({ status: 0, output: '' });
    const userId = `${type}@acme.example`;
    // Run without blocking: the server answering it is in this process.
    const ran = await run(path.join(dir, 'loop.js'), {
      PATH: process.env.PATH,
      LOADOUT_URL: t.url,
      LOADOUT_KEY: runtimeKey,
      AGENT_ID: agentId,
      USER_ID: userId,
      PROVIDER_URL: fake.url,
    });
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: '' });
    const u = CANNED_USAGE['openai-chat'];
    expect(JSON.parse(ran.stdout)).toEqual({
      version: version(root),
      usage: {
        inputTokens: u.prompt_tokens,
        cachedInputTokens: u.prompt_tokens_details.cached_tokens,
        cacheWriteTokens: u.prompt_tokens_details.cache_write_tokens,
        cacheWrite1hTokens: 0,
        outputTokens: u.completion_tokens,
        serverToolUse: null,
      },
      calls: ['lookup_invoice'],
      operations: true,
    });
    expect((await t.ok(adminKey, USAGE, { u: userId })).toolUsage).toEqual([{ toolName: 'lookup_invoice', calls: 1 }]);
  },
  180_000,
);
