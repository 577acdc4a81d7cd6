import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildDebuggerPage } from '../src/pages/debugger/build-page';
import { launchChromium, outsideTheirCards, SCREENSHOTS } from './support/browser';
import {
  ApplyChangeSetDocument,
  BeginTurnDocument,
  CompleteTurnDocument,
  CompleteTurnWithProviderUsageDocument,
  RecordToolCallsDocument,
  SetModelPriceDocument,
  UpdateToolDefinitionDocument,
  type ToolDefinitionInput,
  type TurnUsageInput,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

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
  await buildDebuggerPage();
  t = await startTestServer();
  const world = new TestWorld(t);
  // On included credits, so the page shows each turn's credits.
  const organization = await world.organizationOf(
    { name: 'Acme support', fundingModel: 'INCLUDED_CREDITS' },
    {
      channels: [
        { key: 'web', name: 'Web chat' },
        { key: 'api', name: 'API' },
      ],
      agents: [{ name: 'Support agent', maxTools: 3, model: 'openai/gpt-4o' }, { name: 'Billing agent' }],
    },
  );
  key = organization.adminKey;
  agentId = organization.agents[0].id;
  for (const input of [
    { model: 'openai/gpt-4o', inputUsdPerMTok: 2.5, cachedInputUsdPerMTok: 1.25, outputUsdPerMTok: 10, creditsPerMTok: 1000 },
    { model: 'anthropic/claude-sonnet-4-5', inputUsdPerMTok: 3, cachedInputUsdPerMTok: 0.3, outputUsdPerMTok: 15, creditsPerMTok: 1000 },
  ])
    await t.ok(key, SetModelPriceDocument, { input });

  const tool = (name: string, sortOrder: number, extra: Partial<ToolDefinitionInput> = {}): ToolDefinitionInput => ({
    name,
    description: `Does ${name.replace(/_/g, ' ')}.`,
    inputSchema: schema('query'),
    sortOrder,
    ...extra,
  });
  const [{ id: searchDocs }, { id: lookupAccount }] = await world.tools(key, [
    tool('search_docs', 1),
    tool('lookup_account', 2),
    tool('create_ticket', 3),
    tool('escalate_to_human', 4),
    // The agent's own escalate_to_human shadows the organisation's.
    tool('escalate_to_human', 4, { agentId, description: 'Hands the case to a person on the support rota.' }),
    tool('send_invoice', 5, { channels: ['api'] }),
    tool('legacy_export', 6, { active: false }),
  ]);

  // An older conversation: choosing the agent opens the other one, the latest.
  const older = await world.startConversation(key, { agentId, channel: 'api', userId: 'customer-7' });
  await t.ok(key, BeginTurnDocument, { conversationId: older });

  conversationId = await world.startConversation(key, { agentId, channel: 'web', userId: 'customer-42' });
  const begin = async () => (await t.ok(key, BeginTurnDocument, { conversationId })).beginTurn.id;
  const turn = async (usage: TurnUsageInput | null) => {
    const turnId = await begin();
    if (usage) await t.ok(key, CompleteTurnDocument, { turnId, usage });
  };
  await turn({ inputTokens: 1800, cachedInputTokens: 0, cacheWriteTokens: 1500, cacheWrite1hTokens: 500, outputTokens: 120 });
  // Between turns 1 and 2: one change set edits a tool and adds one that sorts first, pushing the last tool over maxTools.
  await t.ok(key, ApplyChangeSetDocument, {
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
  // Turn 3 as Anthropic reports it (the runtime called Claude for this agent): 550 uncached + 2,100 read from the cache = 2,650 input tokens.
  const third = await begin();
  await t.ok(key, CompleteTurnWithProviderUsageDocument, {
    turnId: third,
    providerUsage: {
      format: 'ANTHROPIC',
      model: 'claude-sonnet-4-5-20250929',
      usage: {
        input_tokens: 550,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 2100,
        output_tokens: 95,
        server_tool_use: { web_search_requests: 2 },
      },
    },
  });
  // Turn 3's response called two tools: one failed, and one the turn did not carry.
  await t.ok(key, RecordToolCallsDocument, {
    calls: [
      { conversationId, turnId: third, toolName: 'summarise_case', isError: true, idempotencyKey: `${third}:a`, durationMs: 1250 },
      { conversationId, turnId: third, toolName: 'make_refund', isError: false, idempotencyKey: `${third}:b` },
    ],
  });
  // Between turns 3 and 4, two changes: a tool edit, then a rule that drops the first tool (letting create_ticket back in).
  await t.ok(key, UpdateToolDefinitionDocument, { id: lookupAccount, input: { description: "Finds the customer's account." } });
  await world.rules(key, [{ agentId, toolName: 'summarise_case', effect: 'DENY' }]);
  // Turn 4 is still running: no usage yet.
  await turn(null);
  // A rule may precede its tool: it matches nothing yet.
  await world.rules(key, [{ agentId, toolName: 'refund_order', effect: 'DENY' }]);

  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 1500 } });
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
  await expectText(page.locator('header.top .org'), 'Acme support');
  expect(await page.locator('header.top .funding').getAttribute('data-funding-model')).toBe('INCLUDED_CREDITS');
  await expectText(page.locator('header.top .funding'), 'AI included');
  expect(await page.evaluate(() => Object.values(sessionStorage))).toEqual([key]);
  expect(await page.evaluate(() => Object.values(localStorage))).toEqual([]);
});

it("shows the chosen conversation's turns, what changed on turn 2 and why, the dropped tools and the token chart", async () => {
  await page.getByRole('link', { name: /Support agent/ }).click();
  const listed = page.locator(`[data-conversation-id="${conversationId}"]`);
  await expectText(listed.locator('.activity'), '4 turns · last activity ');
  // Choosing the agent opened its latest conversation.
  const turns = page.locator('article.turn');
  await turns.nth(3).waitFor();
  expect(await listed.getAttribute('class')).toContain('selected');
  expect(await turns.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-turn')))).toEqual(['1', '2', '3', '4']);

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
  // The sentence names the tools, and the actor once.
  await expectText(second.locator('.why'), 'search_docs changed, summarise_case added and create_ticket removed: Change set applied');
  await expectText(second.locator('.why'), ' by admin at ');
  expect(await second.locator('.why').textContent()).not.toContain('(admin)');
  expect(await second.locator('.why').getAttribute('data-invalidation-id')).toBeTruthy();
  await expectText(page.locator('article[data-turn="3"] .badge'), 'Same toolbox');
  expect(await page.locator('article[data-turn="3"] .why, article[data-turn="3"] tr.row-added').count()).toBe(0);

  // A toolbox equal to the previous turn's is one line, expandable.
  const same = page.locator('article[data-turn="3"] details.same-toolbox');
  await expectText(same.locator(':scope > summary'), 'Same 3 tools as turn 2');
  expect(await same.locator('table.tools').isVisible()).toBe(false);
  await same.locator(':scope > summary').click();
  expect(await same.locator('tbody tr').count()).toBe(3);
  expect(await page.locator('article[data-turn="2"] details.same-toolbox').count()).toBe(0);

  // A changed tool shows what changed, before and after, on click.
  const changed = second.locator('tr[data-tool="search_docs"] details');
  expect(await changed.locator('pre').first().isVisible()).toBe(false);
  await changed.locator('summary').click();
  await expectText(changed.locator('pre.schema'), '"question"');
  await expectText(changed.locator('.schema-diff .line-removed'), '"query"');
  await expectText(changed.locator('.schema-diff .line-added'), '"question"');
  await expectText(changed.locator('.description-diff .line-removed'), 'Does search docs.');
  await expectText(changed.locator('.description-diff .line-added'), 'best three articles');

  // Two changes between turns 3 and 4: both listed, oldest first, each with what it did to this turn.
  const events = page.locator('article[data-turn="4"] .why .why-event');
  expect(await events.evaluateAll((items) => items.map((i) => i.getAttribute('data-cause')))).toEqual(['TOOL_UPDATED', 'RULE_CHANGED']);
  expect(await events.locator('.why-effect').allTextContents()).toEqual([
    'lookup_account changed: ',
    'create_ticket added and summarise_case removed: ',
  ]);
  const before = page.locator('article[data-turn="1"] tr[data-tool="search_docs"] details');
  await before.locator('summary').click();
  await expectText(before.locator('pre'), '"query"');

  const dropped = page.locator('.dropped');
  await expectText(dropped.locator('.note'), 'As recorded with turn 4');
  const reasons = await dropped
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [r.querySelector('td')!.textContent, r.getAttribute('data-reason')]));
  expect(reasons).toEqual(
    expect.arrayContaining([
      ['send_invoice', 'CHANNEL'],
      ['legacy_export', 'INACTIVE'],
      ['summarise_case', 'EXCLUDED'],
      ['escalate_to_human', 'OVER_MAX_TOOLS'],
    ]),
  );

  // An exclusion names its rule, and the rules card says what each rule matches now.
  expect(await dropped.locator('tr[data-reason="EXCLUDED"] td:nth-child(2)').textContent()).toBe(
    "EXCLUDED Excluded by the agent's rule tool:summarise_case",
  );
  // A shadowed tool names the definition carried instead, and where it sits.
  await expectText(dropped.locator('tr[data-reason="SHADOWED"] .drop-why'), "Shadowed by the agent's escalate_to_human");
  const rules = await page
    .locator('.rules tbody tr')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent)));
  expect(rules).toEqual([
    ['DENY tool:refund_order', 'agent', 'no tool yet'],
    ['DENY tool:summarise_case', 'agent', '1 tool'],
  ]);

  // Each turn lists what it left out as recorded then: create_ticket was carried on turn 1 and cut from turn 2 on.
  const leftOut = (turn: number) =>
    page
      .locator(`article[data-turn="${turn}"] .left-out span`)
      .evaluateAll((spans) => spans.map((s) => [s.textContent, s.getAttribute('data-reason')]));
  expect(await leftOut(1)).not.toContainEqual(['create_ticket', 'OVER_MAX_TOOLS']);
  expect(await leftOut(2)).toContainEqual(['create_ticket', 'OVER_MAX_TOOLS']);
  // Listed again only where it differs from the turn before: turn 3 left out what turn 2 did.
  expect(await turnsWith(page, '.left-out')).toEqual(['1', '2', '4']);

  const chart = page.locator('svg.token-chart');
  await chart.waitFor();
  const bars = chart.locator('g.bar');
  expect(await bars.count()).toBe(4);
  expect(await bars.nth(1).locator(':scope > title').textContent()).toMatch(/^Turn 2: 2,400 input tokens/);
  for (const segment of ['seg-tools', 'seg-cached', 'seg-other']) {
    expect(Number(await bars.nth(1).locator(`rect.${segment}`).getAttribute('height'))).toBeGreaterThan(0);
  }
  // Cache writes are their own category; round ticks; each total printed; the running turn a labelled gap.
  expect(Number(await bars.nth(0).locator('rect.seg-write').getAttribute('height'))).toBeGreaterThan(0);
  await expectText(page.locator('.chart .legend'), 'cache-write');
  expect(await chart.locator('g.grid text').allTextContents()).toEqual(['0', '1,000', '2,000', '3,000']);
  expect(await chart.locator('g.bar text.value').allTextContents()).toEqual(['1.8k', '2.4k', '2.7k']);
  expect(await bars.nth(3).getAttribute('class')).toContain('gap');
  await expectText(bars.nth(3).locator('text.gap-label'), 'no usage');
  await expectText(bars.nth(3).locator('text.x-label'), 'T4');
  // Sized to its card: the chart spans the card's content width.
  const [chartWidth, cardWidth] = await page
    .locator('.card.chart')
    .evaluate((card) => [card.querySelector('svg')!.getBoundingClientRect().width, card.clientWidth]);
  expect(chartWidth).toBeGreaterThan(cardWidth - 40);

  // Credits, for an organisation on included credits, beside the dollars.
  const table = page.locator('.chart table.usage-table');
  expect(await table.locator('th[data-column="credits"]').count()).toBe(1);
  const credits = await table.locator('tbody td[data-column="credits"]').allTextContents();
  // Turn 2: 2,400 input and 210 output tokens at 1,000 credits per million tokens.
  expect(credits).toEqual(['1.92', '2.61', '2.75', '–']);
  await expectText(page.locator('article[data-turn="2"] .usage'), '2.61 credits');
  // The provider's own usage object, as sent, beside the figures read from it.
  await expectText(page.locator('article[data-turn="3"] .provider-usage summary'), 'ANTHROPIC');
  await expectText(
    page.locator('article[data-turn="3"] .calls'),
    'Calls: summarise_case (failed, 1,250 ms), make_refund (not carried by this turn)',
  );
  // Turn 3 was priced at the model the runtime called (its snapshot at the price of claude-sonnet-4-5), which the card names.
  await expectText(
    page.locator('article[data-turn="3"] .usage').first(),
    'model called anthropic/claude-sonnet-4-5-20250929 (priced at it)',
  );
  await page.locator('article[data-turn="3"] .provider-usage summary').click();
  await expectText(page.locator('article[data-turn="3"] .provider-usage pre'), '"cache_read_input_tokens": 2100');
  expect(await page.locator('article[data-turn="2"] .provider-usage').count()).toBe(0);
  // Cache writes by TTL, and the server tool requests the provider reported, which the cost leaves out.
  await expectText(page.locator('article[data-turn="1"] .usage'), '1,500 cache write (500 for 1 hour)');
  await expectText(page.locator('article[data-turn="3"] .server-tools'), 'web_search_requests 2');
  expect(await page.locator('article[data-turn="2"] .server-tools').count()).toBe(0);

  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'debugger-1366.png'), fullPage: true });
});

it('fits a 420 px screen with no horizontal overflow, the chosen conversation above the fold', async () => {
  const narrow = await browser.newPage({ viewport: { width: 420, height: 860 } });
  await narrow.goto(`${t.server.url}/debugger`);
  await narrow.evaluate((k) => sessionStorage.setItem('loadout.debugger.apiKey', k), key);
  await narrow.goto(`${t.server.url}/debugger#agent=${agentId}&conversation=${conversationId}`);
  await narrow.reload();
  await narrow.locator('article.turn[data-turn="4"]').waitFor();
  // Opened like a user reading it: every changed tool's details and the collapsed toolbox open.
  await narrow.locator('article.turn details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
  const width = await narrow.evaluate(() => document.documentElement.scrollWidth);
  // Nothing wider than the screen, not even inside a scrolling box.
  expect(
    await narrow.evaluate(
      () => Array.from(document.querySelectorAll('body *')).filter((e) => e.getBoundingClientRect().right > 420).length,
    ),
  ).toBe(0);
  expect(width).toBeLessThanOrEqual(420);
  const head = await narrow.locator('.conversation-head h2').boundingBox();
  expect(head!.y).toBeGreaterThanOrEqual(0);
  expect(head!.y + head!.height).toBeLessThan(860);
  await expectText(narrow.locator('.conversation-head h2'), 'Support agent on Web chat');
  await narrow.screenshot({ path: path.join(SCREENSHOTS, 'debugger-420-fold.png') });
  await narrow.screenshot({ path: path.join(SCREENSHOTS, 'debugger-420.png'), fullPage: true });
  await narrow.close();
});

it('opens what the address names again after Forget key and a key entered anew', async () => {
  const tab = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await tab.goto(`${t.server.url}/debugger`);
  await tab.evaluate((k) => sessionStorage.setItem('loadout.debugger.apiKey', k), key);
  await tab.goto(`${t.server.url}/debugger#agent=${agentId}&conversation=${conversationId}`);
  await tab.reload();
  await tab.locator('article.turn[data-turn="4"]').waitFor();
  await tab.getByRole('button', { name: 'Forget key' }).click();
  await tab.getByLabel('API key').fill(key);
  await tab.getByRole('button', { name: 'Open' }).click();
  await tab.locator('article.turn[data-turn="4"]').waitFor({ timeout: 5000 });
  expect(await tab.locator(`[data-conversation-id="${conversationId}"]`).getAttribute('class')).toContain('selected');
  await tab.close();
});

describe.each([1366, 420])('readable at %i px wide in a 900 px tall window', (width) => {
  let view: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    view = await browser.newPage({ viewport: { width, height: 900 } });
    view.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    view.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await view.goto(`${t.server.url}/debugger`);
    await view.evaluate((k) => sessionStorage.setItem('loadout.debugger.apiKey', k), key);
    await view.reload();
    await view.getByRole('link', { name: /Support agent/ }).waitFor();
  });

  afterAll(() => view?.close());

  it('fits the window while its content does, with nothing missing (not even an icon)', async () => {
    expect(await view.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(900);
    expect(problems).toEqual([]);
  });

  it('opens the latest conversation of the agent chosen', async () => {
    await view.getByRole('link', { name: /Support agent/ }).click();
    await view.locator('article.turn[data-turn="4"]').waitFor();
    expect(new URLSearchParams((await view.evaluate(() => location.hash)).slice(1)).get('conversation')).toBe(conversationId);
    await expectText(view.locator('.conversation-head h2'), 'Support agent on Web chat');
  });

  it('draws the chart at its displayed size, its labels at 11 px, and marks the turns whose toolbox changed', async () => {
    const chart = view.locator('svg.token-chart');
    await chart.waitFor();
    const drawn = await chart.evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      const label = svg.querySelector('text.x-label')!;
      return {
        box: box.width,
        holder: svg.parentElement!.clientWidth,
        viewBox: (svg as SVGSVGElement).viewBox.baseVal.width,
        fontSize: getComputedStyle(label).fontSize,
        labelHeight: label.getBoundingClientRect().height,
      };
    });
    expect(drawn.viewBox).toBe(drawn.box);
    expect(Math.abs(drawn.box - drawn.holder)).toBeLessThanOrEqual(1);
    expect(drawn.fontSize).toBe('11px');
    // Scaled down, an 11 px label would render about 8 px tall.
    expect(drawn.labelHeight).toBeGreaterThanOrEqual(10);
    expect(await chart.locator('g.bar.changed').evaluateAll((bars) => bars.map((b) => b.getAttribute('data-turn')))).toEqual(['2', '4']);
    expect(await chart.locator('path.change-mark').count()).toBe(2);
    await expectText(view.locator('.chart .legend'), 'Toolbox changed');
  });

  it('says why in one sentence each, and lists what was left out only where it changed', async () => {
    await expectText(view.locator('tr[data-reason="EXCLUDED"] .drop-why'), "Excluded by the agent's rule tool:summarise_case");
    expect(await view.locator('.dropped').textContent()).not.toContain('DENY rule By');
    await expectText(view.locator('tr[data-reason="SHADOWED"] .drop-why'), "Shadowed by the agent's escalate_to_human");
    const why = (await view.locator('article[data-turn="2"] .why').textContent())!;
    expect(why).toContain('search_docs changed');
    expect(why.match(/admin/g)).toHaveLength(1);
    expect(await turnsWith(view, '.left-out')).toEqual(['1', '2', '4']);
  });

  it('keeps everything inside its card, with every detail open', async () => {
    await view.locator('article.turn details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    // A changed tool's former token count, the widest thing in its row.
    expect(await view.locator('article[data-turn="2"] .tools .num .muted').count()).toBeGreaterThan(0);
    expect(await outsideTheirCards(view)).toEqual([]);
    expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await view.screenshot({ path: path.join(SCREENSHOTS, `debugger-${width}-readable.png`), fullPage: true });
  });
});

/** The turns whose card shows `selector`, by index. */
const turnsWith = (on: Page, selector: string) =>
  on
    .locator('article.turn')
    .evaluateAll((cards, s) => cards.filter((c) => c.querySelector(s)).map((c) => c.getAttribute('data-turn')), selector);

it('serves only its own files', async () => {
  expect((await fetch(`${t.server.url}/debugger/nothing.js`)).status).toBe(404);
  const script = await fetch(`${t.server.url}/debugger/debugger.js`);
  expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
});

async function expectText(locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await locator.first().waitFor();
  expect(await locator.first().textContent()).toContain(text);
}
