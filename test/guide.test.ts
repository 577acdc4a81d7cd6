import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '../src/demo/seed-demo';
import { startTestServer, type TestServer } from './support/harness';
import { runnableBlocks, type RunnableBlock } from './support/runnable-blocks';

const root = join(__dirname, '..');
const blocks = runnableBlocks(readFileSync(join(root, 'docs/guide.md'), 'utf8'));

let t: TestServer;
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  t = await startTestServer({ production: false });
  const { adminKey } = await seedDemo(t.server.services);
  dir = mkdtempSync(join(tmpdir(), 'loadout-guide-'));
  // The guide's `npm install graphql-ws ws`, taken from the project's own install.
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  env = { PATH: process.env.PATH, HOME: process.env.HOME, LOADOUT_URL: t.server.url, LOADOUT_KEY: adminKey };
});
afterAll(async () => {
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function start(block: RunnableBlock): Run {
  const child =
    block.language === 'sh'
      ? spawn('bash', ['-euo', 'pipefail', '-c', block.code], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(process.execPath, [block.name!], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function finished(run: Run, block: RunnableBlock, ms: number): Promise<string> {
  const timer = setTimeout(() => run.child.kill('SIGKILL'), ms);
  const code = await run.exit;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`guide block at line ${block.line} exited ${code}:\n${run.output()}`);
  return run.output();
}

async function printed(run: Run, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!run.output().includes('\n')) {
    if (Date.now() > deadline) throw new Error(`no output within ${ms} ms: ${run.output()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('has the blocks the guide promises: files, steps, a background subscriber and a curl line', () => {
  expect(blocks.map((b) => b.kind)).toEqual(expect.arrayContaining(['file', 'step', 'background']));
  expect(blocks.some((b) => b.language === 'sh' && b.code.includes('/rpc/tools/gc'))).toBe(true);
});

it('runs every runnable block of docs/guide.md, in order, against a fresh server', async () => {
  const outputs: string[] = [];
  const background: Array<{ run: Run; block: RunnableBlock }> = [];
  for (const block of blocks) {
    if (block.name) writeFileSync(join(dir, block.name), block.code);
    if (block.kind === 'file') continue;
    const run = start(block);
    if (block.kind === 'background') {
      await printed(run, 10_000);
      // graphql-ws sends `subscribe` right after the ack; give the server a moment to register it.
      await new Promise((r) => setTimeout(r, 500));
      background.push({ run, block });
    } else outputs.push(await finished(run, block, 30_000));
  }
  for (const { run, block } of background) outputs.push(await finished(run, block, 10_000));

  const all = outputs.join('\n');
  expect(all).toContain('lookup_invoice');
  expect(all).toContain('{ accepted: 1, duplicates: 0 } { accepted: 0, duplicates: 1 }');
  expect(all).toContain('"cause":"AGENT_UPDATED"');
  expect(all).toMatch(/"level":"(OK|WARN|HOT)"/);
}, 120_000);
