import { chromium, type Browser } from 'playwright-core';
import { buildExplorer } from '../src/pages/explorer/build-explorer';
import { CHROMIUM, ensureChromium } from './support/chromium';
import { startTestServer, type TestServer } from './support/harness';

/** The GraphQL explorer outside production: GraphiQL served by this server, usable with no network beyond it. */
let t: TestServer;
let production: TestServer;
let browser: Browser;
let key: string;

beforeAll(async () => {
  ensureChromium();
  await buildExplorer();
  t = await startTestServer({ production: false });
  production = await startTestServer();
  key = (await t.createOrganization('Explorer org')).adminKey;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
}, 10 * 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.stop();
  await production?.stop();
});

it('runs a query with the key typed into the page, loading nothing from another origin', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const elsewhere: string[] = [];
  // Every request to another origin fails, as it would offline; the page must not need one.
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin === new URL(t.server.url).origin || url.protocol === 'data:') return route.continue();
    elsewhere.push(url.href);
    return route.abort();
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`${t.server.url}/graphql`);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Open the explorer' }).click();
  await page.locator('.graphiql-container').waitFor();
  await page.getByText('Authorization').first().waitFor();
  expect(await page.locator('.graphiql-editor-tool').textContent()).toContain(`Bearer ${key}`);

  await page.locator('.graphiql-execute-button').click();
  await page.locator('.result-window').getByText('"role": "ADMIN"').waitFor();
  // The default query reads the lists a page at a time.
  await page.locator('.result-window').getByText('"agentsPage"').waitFor();
  expect(elsewhere).toEqual([]);
  // Asked in the page, not by the browser's prompt; and the browser's icon request is answered.
  expect(dialogs).toEqual([]);
  expect(missing).toEqual([]);
  await page.close();
});

it('is off in production, and GraphQL over GET still answers a query string', async () => {
  const html = { headers: { accept: 'text/html' } };
  expect((await fetch(`${production.server.url}/graphql`, html)).headers.get('content-type')).not.toMatch(/text\/html/);
  expect((await fetch(`${production.server.url}/explorer/explorer.js`)).status).toBe(404);
  const page = await fetch(`${t.server.url}/graphql`, html);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  const query = await fetch(`${t.server.url}/graphql?query=${encodeURIComponent('{ me { role } }')}`, {
    headers: { authorization: `Bearer ${key}`, 'apollo-require-preflight': 'true' },
  });
  expect(await query.json()).toEqual({ data: { me: { role: 'ADMIN' } } });
});
