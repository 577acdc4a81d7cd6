import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seedDemo } from '../src/demo/seed-demo';
import { HISTORY_USER } from '../src/demo/demo-history';
import { buildDebuggerPage } from '../src/pages/debugger/build-page';
import { buildLoadoutPage } from '../src/pages/loadout/build-page';
import { PROTECTED_TOOLS } from '../src/loadout/vocabulary';
import { pillText } from '../src/pages/loadout/web/budget-words';
import { accessibilityViolations, launchChromium, outsideTheirCards, SCREENSHOTS, watchProblems } from './support/browser';
import { startTestServer, type TestServer } from './support/harness';

// The loadout page walked as an operator uses it, on the demo organisation (docs/loadout-page.md).

let t: TestServer;
let browser: Browser;
let admin: string;
let viewer: string;
let supportId: string;
let projectId: string;
let recordChat: string;

const KEY = 'loadout.debugger.apiKey';
const RECORD_ORDER = { type: 'RECORD', contextObject: 'Order' };

interface ApiToolbox {
  toolCount: number;
  schemaTokens: number;
  fingerprint: string;
  tools: Array<{ name: string; schemaTokens: number }>;
  dropped: Array<{ name: string; reason: string }>;
}

const toolboxOf = async (page: Record<string, string>) =>
  (
    await t.ok<{ toolbox: ApiToolbox }>(
      admin,
      `query($a: ID!, $p: PageInput) { toolbox(agentId: $a, channel: "web", page: $p) {
        toolCount schemaTokens fingerprint tools { name schemaTokens } dropped { name reason } } }`,
      { a: supportId, p: page },
    )
  ).toolbox;

beforeAll(async () => {
  await Promise.all([buildLoadoutPage(), buildDebuggerPage()]);
  t = await startTestServer();
  const demo = await seedDemo(t.server.services);
  admin = demo.adminKey;
  supportId = demo.agentIds[0];
  viewer = await t.createKey(admin, 'VIEWER');
  const data = await t.ok<{
    agent: { project: { id: string } };
    conversations: { edges: Array<{ node: { id: string; channel: { key: string }; page: { type: string } } }> };
  }>(
    admin,
    `query($a: ID!) { agent(id: $a) { project { id } } conversations(agentId: $a, first: 5) { edges { node { id channel { key } page { type } } } } }`,
    { a: supportId },
  );
  projectId = data.agent.project.id;
  recordChat = data.conversations.edges.find((e) => e.node.channel.key === 'web' && e.node.page.type === 'RECORD')!.node.id;
  browser = await launchChromium();
}, 10 * 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.stop();
});

/** A tab opened on `hash` with `key` already stored, as after signing in. */
async function openTab(key: string, hash: string, width = 1366): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const problems = watchProblems(page);
  await page.goto(`${t.server.url}/loadout`);
  await page.evaluate(([k, v]) => sessionStorage.setItem(k, v), [KEY, key]);
  await page.goto(`${t.server.url}/loadout${hash}`);
  await page.reload();
  return { page, problems };
}

const recordHash = () => `#view=preview&agent=${supportId}&channel=web&page=RECORD&object=Order`;

describe('the Agent Runtime Preview and Edit Loadout', () => {
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    problems = watchProblems(page);
  });

  afterAll(() => page?.close());

  it('opens on a key, then switches situations in place, showing what the API computes', async () => {
    await page.goto(`${t.server.url}/loadout`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('API key').fill(admin);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.locator('section.toolbox tr[data-tool]').first().waitFor();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await page.getByLabel('Channel').selectOption('web');
    await page.getByLabel('Page').selectOption('RECORD');
    await page.getByLabel('Record of').selectOption('Order');
    await page.waitForFunction(() => location.hash.includes('channel=web') && location.hash.includes('object=Order'));
    const api = await toolboxOf(RECORD_ORDER);
    await expectRows(
      page,
      api.tools.map((tool) => tool.name),
    );
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    expect(await page.locator('[data-fact="tool-count"]').textContent()).toBe(String(api.toolCount));
    expect(await page.locator('[data-fact="schema-tokens"]').textContent()).toBe(api.schemaTokens.toLocaleString('en'));
    expect(await page.locator('[data-fact="fingerprint"]').getAttribute('title')).toBe(api.fingerprint);
    // The situation's last recorded turn (the demo's order chat) carried this very toolbox.
    await page.locator('.last-turn[data-same="true"]').waitFor();
    const tokens = await page.locator('section.toolbox td[data-column="tokens"]').allTextContents();
    expect(tokens).toEqual(api.tools.map((tool) => tool.schemaTokens.toLocaleString('en')));
    const dropped = await page
      .locator('.left-out-card li[data-tool]')
      .evaluateAll((items) => items.map((i) => `${i.getAttribute('data-tool')} ${i.getAttribute('data-reason')}`));
    expect(dropped.sort()).toEqual(api.dropped.map((d) => `${d.name} ${d.reason}`).sort());
    // Each left-out tool names what did it.
    await expectText(page.locator('.left-out-card li[data-tool="Bash"] .drop-why'), "Excluded by the agent's rule tool:Bash");
    await expectText(page.locator('.drop-group[data-reason="MCP_FILTERED"] li[data-tool$="delete_repository"]'), 'delete_repository');

    await page.getByLabel('Provider').selectOption('OPENAI');
    await page.getByRole('button', { name: 'Show the rendered request' }).click();
    await expectText(page.locator('.rendered pre'), '"type": "function"');
  });

  it("stages an exclusion, shows its cache cost as the API's dry run counts it, and applies it; another tab hears it", async () => {
    // A tool of the platform's own the situation carries.
    const target = (await toolboxOf(RECORD_ORDER)).tools
      .map((tool) => tool.name)
      .find((n) => !PROTECTED_TOOLS.has(n) && !n.startsWith('mcp__'))!;
    const other = await openTab(admin, recordHash());
    await other.page.locator(`section.toolbox tr[data-tool="${target}"]`).waitFor();

    await page.getByRole('button', { name: `Exclude ${target} for this agent` }).click();
    await expectText(page.locator('.staged li').first(), `Exclude ${target} for this agent (rule tool:${target})`);
    const dry = await t.ok<{ applyChangeSet: { liveConversations: number } }>(
      admin,
      `mutation($a: ID!, $n: String!) { applyChangeSet(dryRun: true, changes: [{ setToolRule: { agentId: $a, toolName: $n, effect: DENY } }]) { liveConversations } }`,
      { a: supportId, n: `tool:${target}` },
    );
    await expectText(page.locator('[data-fact="live-conversations"]'), String(dry.applyChangeSet.liveConversations));
    await expectText(page.locator('.impact-agent li[data-situation="web:record · Order"]'), `${target} removed`);

    await page.getByRole('button', { name: /^Apply 1 change/ }).click();
    await expectText(page.locator('.applied'), 'Applied 1 change as one change set');
    await expectText(page.locator('.last-turn[data-same="false"]'), 'next turn misses the provider');
    await expectText(page.locator(`.left-out-card li[data-tool="${target}"] .drop-why`), `Excluded by the agent's rule tool:${target}`);

    await expectText(other.page.locator('.live-event'), 'Change set applied by admin');
    await expectText(other.page.locator('.live-event'), `${target} removed`);
    await other.page.locator(`.left-out-card li[data-tool="${target}"]`).waitFor();
    expect(await other.page.locator(`section.toolbox tr[data-tool="${target}"]`).count()).toBe(0);

    // The debugger's next turn of a conversation in that situation carries the new toolbox.
    await t.ok(admin, `mutation($c: ID!) { beginTurn(conversationId: $c) { id } }`, { c: recordChat });
    await other.page.goto(`${t.server.url}/debugger#agent=${supportId}&conversation=${recordChat}`);
    const latest = other.page.locator('article.turn').last();
    await latest.locator('.why').waitFor();
    await expectText(latest.locator('.why'), `${target} removed`);
    expect(await latest.locator(`tbody tr:not(.row-removed)[data-tool="${target}"]`).count()).toBe(0);
    expect(other.problems).toEqual([]);
    await other.page.close();
  });

  it('shows an edit made elsewhere meanwhile instead of overwriting it, and applies once the loadout is read again', async () => {
    await page.getByLabel('Max Tools').fill('8');
    await page.getByRole('button', { name: 'Stage settings' }).click();
    await expectText(page.locator('.staged'), 'Max Tools 12 → 8');
    await t.ok(admin, `mutation($a: ID!) { updateAgent(id: $a, input: { maxTools: 3 }) { id } }`, { a: supportId });
    await expectText(page.locator('.live-event'), 'Agent settings changed by admin');
    await expectText(page.locator('.conflict'), 'Changed elsewhere');
    await page.getByRole('button', { name: /^Apply 1 change/ }).click();
    await expectText(page.locator('.apply-status .conflict'), 'nothing was applied');
    expect(await maxToolsNow()).toBe(3);
    await expectText(page.locator('.staged'), 'Max Tools 12 → 8');

    await page.locator('.apply-status').getByRole('button', { name: 'Read the loadout again' }).click();
    await expectText(page.locator('[data-fact="max-tools"]'), '3');
    await page.getByRole('button', { name: /^Apply 1 change/ }).click();
    await expectText(page.locator('.applied'), 'Applied 1 change');
    expect(await maxToolsNow()).toBe(8);
  });

  it("stages a move in Sort Order and a server's tool switched off, and unstages them", async () => {
    const second = (await page.locator('section.toolbox tr[data-tool]').nth(1).getAttribute('data-tool'))!;
    await page.getByRole('button', { name: `Move ${second} up` }).click();
    await expectText(page.locator('.staged'), `Sort Order of ${second}`);
    await expectText(page.locator('.impact-agent'), 'the order changed');
    // The demo's github server keeps delete_repository out by its deny-list: switched on from the left-out tools.
    await page.getByRole('button', { name: "Switch on github's tool delete_repository" }).click();
    await expectText(page.locator('.staged'), "Switch github's tool delete_repository on");
    // The server switch goes into the same dry run, which the server accepts.
    await page.locator('.impact-agent').first().waitFor();
    expect(await page.locator('.impact .error, .impact .conflict').count()).toBe(0);
    while ((await page.locator('.staged button').count()) > 0) await page.locator('.staged button').first().click();
    await expectText(page.locator('.staged'), 'Nothing staged');
  });

  it('is operable by keyboard alone, with the focus visible', async () => {
    await page.goto(`${t.server.url}/loadout${recordHash()}`);
    await page.locator('section.toolbox tr[data-tool]').first().waitFor();
    const reached = new Set<string>();
    let unseen = 0;
    for (let i = 0; i < 120; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const e = document.activeElement as HTMLElement | null;
        if (!e || e === document.body) return null;
        const style = getComputedStyle(e);
        return { id: e.id || e.getAttribute('aria-label') || e.textContent?.trim() || e.tagName, outline: style.outlineStyle };
      });
      if (!focused) continue;
      reached.add(focused.id);
      if (focused.outline === 'none') unseen += 1;
    }
    expect(unseen).toBe(0);
    for (const control of [
      /^situation-agent$/,
      /^situation-channel$/,
      /^situation-page$/,
      /^Move .+ down$/,
      /^Exclude .+ for this agent$/,
      /^max-tools$/,
      /^Show the rendered request$/,
    ]) {
      expect([...reached].filter((r) => control.test(r))).not.toEqual([]);
    }
    const exclude = page.getByRole('button', { name: /^Exclude .+ for this agent$/ }).first();
    await exclude.focus();
    await page.keyboard.press('Enter');
    await page.locator('.staged li[data-kind="exclude"]').waitFor();
    await page.locator('.staged button').first().focus();
    await page.keyboard.press('Space');
    await expectText(page.locator('.staged'), 'Nothing staged');
    await page.getByLabel('Page').focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => !location.hash.includes('page=RECORD'));
  });

  it('has no serious accessibility violation, no failed request and no console error', async () => {
    await page.goto(`${t.server.url}/loadout${recordHash()}`);
    await page.locator('section.toolbox tr[data-tool]').first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('the Tools page', () => {
  it('shows the budget pill, the gate and the suggestions as the report has them, and stages one into Edit Loadout', async () => {
    const { page, problems } = await openTab(
      admin,
      `#view=tools&project=${projectId}&agent=${supportId}&user=${encodeURIComponent(HISTORY_USER)}`,
    );
    await page.locator('.pill').waitFor();
    const { toolBudget: report } = await t.ok<{
      toolBudget: {
        level: 'OK' | 'WARN' | 'HOT';
        estimatedToolCount: number;
        estimatedSchemaTokens: number;
        warnThreshold: number;
        hotThreshold: number;
        bySource: Array<{ source: string; count: number }>;
        evidence: { gateOpen: boolean };
        suggestions: Array<{ toolName: string; verdict: string }>;
      };
    }>(
      admin,
      `query($p: ID, $a: ID, $u: String) { toolBudget(projectId: $p, agentId: $a, userId: $u) {
        level estimatedToolCount estimatedSchemaTokens warnThreshold hotThreshold bySource { source count } evidence { gateOpen }
        suggestions { toolName verdict } } }`,
      { p: projectId, a: supportId, u: HISTORY_USER },
    );
    expect(await page.locator('.pill').getAttribute('data-level')).toBe(report.level);
    await expectText(page.locator('.pill'), pillText(report));
    const counts = await page
      .locator('.by-source tbody tr')
      .evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-source')} ${r.querySelectorAll('td')[1].textContent}`));
    expect(counts).toEqual(report.bySource.map((s) => `${s.source} ${s.count}`));
    // The demo's history opens the gate: the suggestions come in the report's order.
    expect(report.evidence.gateOpen).toBe(true);
    const rows = await page
      .locator('.suggestion-table tbody tr')
      .evaluateAll((all) => all.map((r) => `${r.getAttribute('data-tool')} ${r.getAttribute('data-verdict')}`));
    expect(rows).toEqual(report.suggestions.map((s) => `${s.toolName} ${s.verdict}`));
    expect(rows.length).toBeGreaterThan(0);
    await expectText(page.locator('.protected'), 'Never suggested: ');

    const first = report.suggestions[0].toolName;
    await page.locator(`.suggestion-table tr[data-tool="${first}"]`).getByRole('button', { name: 'Exclude for this project' }).click();
    await expectText(page.locator('.staged'), `Exclude ${first} for this project (rule tool:${first})`);
    // Advisory: nothing applied until the operator does.
    const rules = await t.ok<{ project: { permissionRules: Array<{ subject: string }> } }>(
      admin,
      `query($p: ID!) { project(id: $p) { permissionRules { subject } } }`,
      { p: projectId },
    );
    expect(rules.project.permissionRules.map((r) => r.subject)).not.toContain(`tool:${first}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Each level's colours keep 4.5:1.
    expect(await pillContrasts(page)).toEqual({ OK: true, WARN: true, HOT: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('a VIEWER', () => {
  it('sees the preview and the budget, and no control that would write', async () => {
    const { page, problems } = await openTab(viewer, recordHash());
    await page.locator('section.toolbox tr[data-tool]').first().waitFor();
    await expectText(page.locator('.read-only'), 'Read-only');
    expect(await page.getByRole('button', { name: /Exclude|Apply|Stage|Switch|Move|Include/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Tools' }).click();
    await page.locator('.pill').waitFor();
    expect(await page.getByRole('button', { name: /Exclude|Apply|Stage/ }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe.each([1366, 420])('at %i px wide', (width) => {
  it('overflows nothing, keeps everything inside its card, and is screenshotted', async () => {
    const { page, problems } = await openTab(admin, recordHash(), width);
    await page.locator('section.toolbox tr[data-tool]').first().waitFor();
    await page.getByRole('button', { name: 'Show the rendered request' }).click();
    await page.locator('.rendered pre').waitFor();
    const excludeFirst = page.getByRole('button', { name: /^Exclude .+ for this agent$/ }).first();
    await excludeFirst.click();
    await page.locator('.impact-agent, .impact-none').first().waitFor();
    expect(await outsideTheirCards(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, `loadout-preview-${width}.png`), fullPage: true });

    await page.getByRole('link', { name: 'Tools' }).click();
    await page.locator('.pill').waitFor();
    await page.getByLabel('End user').fill(HISTORY_USER);
    await page.getByLabel('End user').press('Enter');
    await page.locator('.suggestion-table').waitFor();
    expect(await outsideTheirCards(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, `loadout-tools-${width}.png`), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});

const maxToolsNow = async () =>
  (await t.ok<{ agent: { maxTools: number } }>(admin, `query($a: ID!) { agent(id: $a) { maxTools } }`, { a: supportId })).agent.maxTools;

async function expectRows(page: Page, names: string[]): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      JSON.stringify(Array.from(document.querySelectorAll('section.toolbox tr[data-tool]'), (r) => r.getAttribute('data-tool'))) ===
      expected,
    JSON.stringify(names),
  );
}

/** Whether each level's text and background keep 4.5:1, as WCAG computes contrast. */
function pillContrasts(page: Page): Promise<Record<string, boolean>> {
  return page.evaluate(() => {
    const channel = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const luminance = (rgb: string) => {
      const [r, g, b] = rgb
        .match(/\d+/g)!
        .slice(0, 3)
        .map((n) => channel(Number(n) / 255));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const result: Record<string, boolean> = {};
    for (const level of ['OK', 'WARN', 'HOT']) {
      const probe = document.body.appendChild(document.createElement('p'));
      probe.className = `pill level-${level}`;
      const style = getComputedStyle(probe);
      const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
      result[level] = (a + 0.05) / (b + 0.05) >= 4.5;
      probe.remove();
    }
    return result;
  });
}

/** Waits until an element of `locator` holds `text` (re-read as the page redraws). */
async function expectText(locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
}
