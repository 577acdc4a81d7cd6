import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Debian's Chromium, which the debugger's browser test drives (no browser download is possible here). */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Makes sure Chromium is there. On a fresh machine where the suite runs as
 * root with apt, it installs Debian's package once, so `npm test` works on a
 * fresh clone; anywhere else it fails with the command to run.
 */
export function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM)) return;
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (canInstall) {
    console.log(`${CHROMIUM} is missing: installing Debian's chromium package for the browser test`);
    execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], {
      stdio: 'inherit',
      timeout: 10 * 60_000,
    });
  }
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's Chromium (apt-get update && apt-get install -y chromium) to run the browser test`,
    );
  }
}
