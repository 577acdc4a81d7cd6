import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema, parse, specifiedRules, validate, NoUnusedFragmentsRule } from 'graphql';
import { seedDemo } from '../src/demo/seed-demo';
import { startTestServer, type TestServer } from './support/harness';
import { blockUse, fencedBlocks, runnableBlocks, type FencedBlock } from './support/runnable-blocks';

// Every fenced block of the README and docs/ is run, checked or marked as a sketch. The guide's
// blocks run in order, with its background subscriber, in test/guide.test.ts; the runtime loops with
// each provider's SDK and a fake provider in test/runtime-client.test.ts; every other page's here.

const root = join(__dirname, '..');
const GUIDE = 'docs/guide.md';
const RUNTIME = 'docs/runtime.md';
const PAGES = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const blocksOf = (page: string): FencedBlock[] => fencedBlocks(readFileSync(join(root, page), 'utf8'));
const schema = buildSchema(readFileSync(join(root, 'schema/schema.graphql'), 'utf8'));

describe('every fenced block of the README and docs/', () => {
  it.each(PAGES)('%s: each block is runnable, checked, text or marked as a sketch', (page) => {
    const unmarked = blocksOf(page)
      .filter((b) => blockUse(b) === 'unmarked')
      .map((b) => `${page}:${b.line} \`\`\`${b.language} ${b.info}`);
    expect(unmarked).toEqual([]);
  });

  it.each(PAGES)('%s: each graphql block is valid against the schema', (page) => {
    // A fragment printed on its own is meant to be spread elsewhere.
    const rules = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);
    const invalid = blocksOf(page)
      .filter((b) => blockUse(b) === 'graphql')
      .flatMap((b) => validate(schema, parse(b.code), rules).map((e) => `${page}:${b.line}: ${e.message}`));
    expect(invalid).toEqual([]);
  });

  it('a json output block follows a step, whose answer it is', () => {
    const orphans = PAGES.flatMap((page) =>
      blocksOf(page).flatMap((b, i, all) =>
        blockUse(b) === 'output' && !(i > 0 && blockUse(all[i - 1]) === 'runnable') ? [`${page}:${b.line}`] : [],
      ),
    );
    expect(orphans).toEqual([]);
  });

  it('keeps a few sketches, and the README none but the quick start text', () => {
    const sketches = PAGES.flatMap((page) => blocksOf(page).filter((b) => blockUse(b) === 'sketch'));
    expect(sketches.length).toBeLessThanOrEqual(6);
    expect(blocksOf('README.md').filter((b) => blockUse(b) === 'sketch')).toEqual([]);
  });

  it("keeps the README quick start's two command lines", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const quickStart = readme.slice(readme.indexOf('## Quick start'));
    expect(fencedBlocks(quickStart)[0].code).toBe('npm ci && npm start\nnpm ci && npm test\n');
  });
});

describe('the runnable blocks of the README and docs/, the guide aside', () => {
  const pages = PAGES.filter(
    (page) => page !== GUIDE && page !== RUNTIME && runnableBlocks(readFileSync(join(root, page), 'utf8')).length > 0,
  );
  let t: TestServer;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const outputs = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestServer({ production: false });
    const { adminKey } = await seedDemo(t.server.services);
    dir = mkdtempSync(join(tmpdir(), 'loadout-docs-'));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    env = { PATH: process.env.PATH, HOME: process.env.HOME, LOADOUT_URL: t.server.url, LOADOUT_KEY: adminKey };
  });
  afterAll(async () => {
    await t.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (file: string, args: string[]): Promise<string> =>
    new Promise((resolve, reject) =>
      execFile(file, args, { cwd: dir, env, timeout: 30_000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stdout}${stderr}`)) : resolve(stdout),
      ),
    );

  it('finds the README among them', () => expect(pages).toContain('README.md'));

  it.each(pages)(
    '%s: runs each block in order, each answer as printed',
    async (page) => {
      const blocks = blocksOf(page);
      for (const [i, block] of blocks.entries()) {
        if (blockUse(block) !== 'runnable') continue;
        const [runnable] = runnableBlocks(['```' + `${block.language} ${block.info}`, block.code, '```'].join('\n'));
        if (runnable.name) writeFileSync(join(dir, runnable.name), runnable.code);
        if (runnable.kind === 'file') continue;
        const stdout = await run(
          runnable.language === 'sh' ? 'bash' : process.execPath,
          runnable.language === 'sh' ? ['-euo', 'pipefail', '-c', runnable.code] : [runnable.name!],
        ).catch((e: Error) => {
          throw new Error(`${page}:${block.line}: ${e.message}`);
        });
        const next = blocks[i + 1];
        if (next && blockUse(next) === 'output')
          expect({ at: `${page}:${block.line}`, answer: JSON.parse(stdout) }).toEqual({
            at: `${page}:${block.line}`,
            answer: JSON.parse(next.code),
          });
        outputs.set(`${page}:${block.line}`, stdout);
      }
    },
    120_000,
  );

  it("the README's budget report gives one tool of each verdict now, and none a week back", () => {
    const readme = blocksOf('README.md');
    const budget = readme.find((b) => blockUse(b) === 'runnable' && b.code.includes('/rpc/tools/gc'))!;
    const [now, weekBack] = outputs
      .get(`README.md:${budget.line}`)!
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { suggestions: Array<{ toolName: string; verdict: string }> });
    expect(now.suggestions.map((s) => [s.toolName, s.verdict]).sort()).toEqual([
      ['mcp__github__get_issue', 'ALWAYS_FAILS'],
      ['mcp__github__search_issues', 'COLD'],
      ['track_shipment', 'NEVER_USED'],
    ]);
    expect(weekBack.suggestions).toEqual([]);
  });
});
