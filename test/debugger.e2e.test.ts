import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildDebuggerPage } from '../src/debugger/build-page';
import { CHROMIUM, ensureChromium } from './support/chromium';
import { startTestServer, type TestServer } from './support/harness';

const SCREENSHOT = path.join(__dirname, '..', 'test-output', 'debugger.png');

let t: TestServer;
let browser: Browser;
let page: Page;
let key: string;
let agentId: string;
let conversationId: string;

const schema = (property: string) => ({
  type: 'object',
  properties: { [property]: { type: 'string', description: `The ${property}.` } },
  required: [property],
});

beforeAll(async () => {
  ensureChromium();
  await buildDebuggerPage();
  t = await startTestServer();
  key = (await t.createOrganization('Acme support')).adminKey;
  await t.ok(
    key,
    `mutation { a: createChannel(input: { key: "web", name: "Web chat" }) { id } b: createChannel(input: { key: "api", name: "API" }) { id } }`,
  );
  agentId = (await t.ok(key, `mutation { createAgent(input: { name: "Support agent", maxTools: 3, model: "openai/gpt-4o" }) { id } }`))
    .createAgent.id;
  await t.ok(key, `mutation { createAgent(input: { name: "Billing agent" }) { id } }`);

  const create = `mutation($input: ToolDefinitionInput!) { createToolDefinition(input: $input) { id } }`;
  const tool = (name: string, sortOrder: number, extra: Record<string, unknown> = {}) =>
    t.ok(key, create, {
      input: { name, description: `Does ${name.replace(/_/g, ' ')}.`, inputSchema: schema('query'), sortOrder, ...extra },
    });
  const searchDocs = (await tool('search_docs', 1)).createToolDefinition.id;
  await tool('lookup_account', 2);
  await tool('create_ticket', 3);
  await tool('escalate_to_human', 4);
  await tool('send_invoice', 5, { channels: ['api'] });
  await tool('legacy_export', 6, { active: false });

  conversationId = (
    await t.ok(
      key,
      `mutation($agentId: ID!) { startConversation(input: { agentId: $agentId, channel: "web", userId: "customer-42" }) { id } }`,
      { agentId },
    )
  ).startConversation.id;
  const turn = async (usage: Record<string, number>) => {
    const id = (await t.ok(key, `mutation($c: ID!) { beginTurn(conversationId: $c) { id } }`, { c: conversationId })).beginTurn.id;
    await t.ok(key, `mutation($id: ID!, $u: TurnUsageInput!) { completeTurn(turnId: $id, usage: $u) { id } }`, { id, u: usage });
  };
  await turn({ inputTokens: 1800, cachedInputTokens: 0, outputTokens: 120 });
  // Between turns 1 and 2: one change set edits a tool and adds one that sorts first, pushing the last tool over maxTools.
  await t.ok(key, `mutation($changes: [LoadoutChangeInput!]!) { applyChangeSet(changes: $changes) { invalidations { id } } }`, {
    changes: [
      {
        updateTool: {
          id: searchDocs,
          patch: { description: 'Searches the help centre and returns the best three articles.', inputSchema: schema('question') },
        },
      },
      { createTool: { name: 'summarise_case', description: 'Summarises the case so far.', inputSchema: schema('caseId'), sortOrder: 0 } },
    ],
  });
  await turn({ inputTokens: 2400, cachedInputTokens: 900, outputTokens: 210 });
  await turn({ inputTokens: 2650, cachedInputTokens: 2100, outputTokens: 95 });

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage({ viewport: { width: 1360, height: 1500 } });
}, 15 * 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.stop();
});

it('asks for an API key, refuses a wrong one and keeps a good one for the tab only', async () => {
  await page.goto(`${t.server.url}/debugger`);
  await page.getByLabel('API key').fill('lo_not_a_key');
  await page.getByRole('button', { name: 'Open' }).click();
  await expectText(page.getByRole('alert'), 'not accepted');

  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByRole('link', { name: /Support agent/ }).waitFor();
  expect(await page.evaluate(() => Object.values(sessionStorage))).toEqual([key]);
  expect(await page.evaluate(() => Object.values(localStorage))).toEqual([]);
});

it("shows the chosen conversation's turns, what changed on turn 2 and why, the dropped tools and the token chart", async () => {
  await page.getByRole('link', { name: /Support agent/ }).click();
  await page.locator(`[data-conversation-id="${conversationId}"]`).click();
  const turns = page.locator('article.turn');
  await turns.nth(2).waitFor();
  expect(await turns.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-turn')))).toEqual(['1', '2', '3']);

  const toolsOf = (n: number) =>
    page
      .locator(`article[data-turn="${n}"] tbody tr:not(.row-removed)`)
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tool')));
  expect(await toolsOf(1)).toEqual(['search_docs', 'lookup_account', 'create_ticket']);
  expect(await toolsOf(2)).toEqual(['summarise_case', 'search_docs', 'lookup_account']);

  const second = page.locator('article[data-turn="2"]');
  await expectText(second.locator('.badge'), 'Toolbox changed');
  await expectText(second.locator('tr.row-added'), 'summarise_case');
  await expectText(second.locator('tr.row-changed'), 'search_docs');
  await expectText(second.locator('tr.row-removed'), 'create_ticket');
  await expectText(second.locator('.why'), 'Change set applied');
  await expectText(second.locator('.why'), 'CHANGE_SET');
  expect(await second.locator('.why').getAttribute('data-invalidation-id')).toBeTruthy();
  await expectText(page.locator('article[data-turn="3"] .badge'), 'Same toolbox');
  expect(await page.locator('article[data-turn="3"] .why, article[data-turn="3"] tr.row-added').count()).toBe(0);

  // The schema as the model saw it on that turn, on click.
  const changed = second.locator('tr[data-tool="search_docs"] details');
  expect(await changed.locator('pre').isVisible()).toBe(false);
  await changed.locator('summary').click();
  await expectText(changed.locator('pre'), '"question"');
  const before = page.locator('article[data-turn="1"] tr[data-tool="search_docs"] details');
  await before.locator('summary').click();
  await expectText(before.locator('pre'), '"query"');

  const dropped = page.locator('.dropped');
  await expectText(dropped.locator('.note'), 'As recorded with turn 3');
  const reasons = await dropped
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [r.querySelector('td')!.textContent, r.getAttribute('data-reason')]));
  expect(reasons).toEqual(
    expect.arrayContaining([
      ['send_invoice', 'CHANNEL'],
      ['legacy_export', 'INACTIVE'],
      ['create_ticket', 'OVER_MAX_TOOLS'],
      ['escalate_to_human', 'OVER_MAX_TOOLS'],
    ]),
  );

  // Each turn lists what it left out as recorded then: create_ticket was carried on turn 1 and cut from turn 2 on.
  const leftOut = (turn: number) =>
    page
      .locator(`article[data-turn="${turn}"] .left-out span`)
      .evaluateAll((spans) => spans.map((s) => [s.textContent, s.getAttribute('data-reason')]));
  expect(await leftOut(1)).not.toContainEqual(['create_ticket', 'OVER_MAX_TOOLS']);
  expect(await leftOut(3)).toContainEqual(['create_ticket', 'OVER_MAX_TOOLS']);

  const bars = page.locator('svg.token-chart g.bar');
  expect(await bars.count()).toBe(3);
  expect(await bars.nth(1).locator('title').textContent()).toMatch(/^Turn 2: 2,400 input tokens/);
  for (const segment of ['seg-tools', 'seg-cached', 'seg-other']) {
    expect(Number(await bars.nth(1).locator(`rect.${segment}`).getAttribute('height'))).toBeGreaterThan(0);
  }

  fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
  await page.screenshot({ path: SCREENSHOT, fullPage: true });
});

it('serves only its own files', async () => {
  expect((await fetch(`${t.server.url}/debugger/nothing.js`)).status).toBe(404);
  const script = await fetch(`${t.server.url}/debugger/debugger.js`);
  expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
});

async function expectText(locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await locator.first().waitFor();
  expect(await locator.first().textContent()).toContain(text);
}
