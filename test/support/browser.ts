import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, ensureChromium } from './chromium';

/** Where browser specs write their screenshots. */
export const SCREENSHOTS = path.join(__dirname, '..', '..', 'test-output');

/** Debian's Chromium, headless, with nothing of its own on the network. */
export function launchChromium(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({
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
}

/** Failed responses and console errors of a page, for a spec to expect none. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations on the page as it is now, as
 * "rule: target" lines. Injected through the debugging protocol, which the
 * page's content security policy does not govern.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> };
      }
    ).axe;
    const { violations } = await axe.run();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

/** Elements drawn past their card's edges, as "tag.class text" lines. */
export function outsideTheirCards(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.card')).flatMap((card) => {
      const edge = card.getBoundingClientRect();
      return Array.from(card.querySelectorAll('*'))
        .filter((e) => {
          const box = e.getBoundingClientRect();
          return box.width > 0 && (box.right > edge.right + 0.5 || box.left < edge.left - 0.5);
        })
        .map((e) => `${e.tagName.toLowerCase()}.${e.className} "${(e.textContent ?? '').slice(0, 30)}"`);
    }),
  );
}
