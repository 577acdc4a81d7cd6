import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '../src/demo/seed-demo';
import { startTestServer, type TestServer } from './support/harness';
import { runnableBlocks, type RunnableBlock } from './support/runnable-blocks';

const root = join(__dirname, '..');
const guide = readFileSync(join(root, 'docs/guide.md'), 'utf8');
const blocks = runnableBlocks(guide);

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

/** What the budget report's two forms print: GraphQL's fields, and the fields HTTP's JSON has of them. */
interface BudgetNumbers {
  level: string;
  estimatedToolCount: number;
  estimatedSchemaTokens: number;
  bySource: Array<{ source: string; count: number; schemaTokens: number }>;
  suggestions: Array<{ toolName: string; verdict: string }>;
}
const numbersOf = (report: BudgetNumbers): BudgetNumbers => ({
  level: report.level,
  estimatedToolCount: report.estimatedToolCount,
  estimatedSchemaTokens: report.estimatedSchemaTokens,
  bySource: report.bySource.map(({ source, count, schemaTokens }) => ({ source, count, schemaTokens })),
  suggestions: report.suggestions.map(({ toolName, verdict }) => ({ toolName, verdict })),
});

it('runs every runnable block of docs/guide.md, in order, against a fresh server', async () => {
  const outputs: string[] = [];
  const outputOf = new Map<RunnableBlock, string>();
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
    } else {
      outputs.push(await finished(run, block, 30_000));
      outputOf.set(block, outputs.at(-1)!);
    }
  }
  for (const { run, block } of background) outputs.push(await finished(run, block, 10_000));

  const all = outputs.join('\n');
  expect(all).toContain('lookup_invoice');
  expect(all).toContain('{ accepted: 1, duplicates: 0 } { accepted: 0, duplicates: 1 }');
  expect(all).toContain('"cause":"AGENT_UPDATED"');
  expect(all).toMatch(/"level":"(OK|WARN|HOT)"/);

  // The budget report over GraphQL and over plain HTTP: one scope, the same numbers.
  const outputsOf = (test: (b: RunnableBlock) => boolean) => blocks.filter(test).map((b) => outputOf.get(b)!);
  const [overGraphQL] = outputsOf((b) => b.name === 'budget.mjs');
  const graphql = JSON.parse(overGraphQL.slice(0, overGraphQL.lastIndexOf('}') + 1)) as BudgetNumbers;
  const [now, weekAgo] = outputsOf((b) => b.code.includes('/rpc/tools/gc')).map(
    (text) => JSON.parse(text) as BudgetNumbers & { asOf: string },
  );
  expect(numbersOf(now)).toEqual(numbersOf(graphql));
  // The guide's words: the surface counts more than the agent's maxTools of 8, and a turn carries at most 8.
  expect(graphql.estimatedToolCount).toBeGreaterThan(8);
  expect(Number(/a turn on the web channel carries (\d+) of them/.exec(overGraphQL)?.[1])).toBeLessThanOrEqual(8);
  expect(guide).toContain(`still counts more (${graphql.estimatedToolCount} here)`);
  // asOf computed when the line runs: a week before the run.
  expect(Date.now() - Date.parse(weekAgo.asOf)).toBeGreaterThan(7 * 24 * 3600 * 1000);
  expect(Date.now() - Date.parse(weekAgo.asOf)).toBeLessThan(7 * 24 * 3600 * 1000 + 120_000);
}, 120_000);
