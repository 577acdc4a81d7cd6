import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { heapGrowthGivenToNode } from './heap-growth';

/**
 * The old generation's peak, in MB, of a process that first applies
 * `limitHeapGrowth(percent)` and then promotes garbage beside what it keeps
 * (objects that outlive two scavenges, then die), as the loadout cache and
 * the requests around it do. The heap limit is fixed so that V8's own
 * growth does not depend on the machine's memory.
 */
function peakOldGenerationMb(percent: number): number {
  const module = transformSync(readFileSync(join(__dirname, 'heap-growth.ts'), 'utf8'), { loader: 'ts', format: 'cjs' }).code;
  const workload = `
    require('./heap-growth.js').limitHeapGrowth(${percent});
    const v8 = require('node:v8');
    const kept = [];
    const recent = new Array(300000);
    let peak = 0;
    for (let i = 0; i < 6e6; i++) {
      const o = { a: i, b: 'x' + i, c: [i, i] };
      if (i % 6 === 0) kept.push(o);
      else recent[i % recent.length] = o;
      if (i % 1000 === 0) peak = Math.max(peak, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size);
    }
    process.stdout.write(String(Math.round(peak / 2 ** 20)) + ' ' + kept.length);`;
  // A file, not `-e`: node's execArgv would carry the script, flag name included.
  const dir = mkdtempSync(join(tmpdir(), 'heap-growth-'));
  try {
    writeFileSync(join(dir, 'heap-growth.js'), module);
    writeFileSync(join(dir, 'workload.js'), workload);
    const out = execFileSync(process.execPath, ['--max-old-space-size=4096', join(dir, 'workload.js')], {
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
    });
    return Number(out.split(' ')[0]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the heap growth policy', () => {
  it('holds what garbage the old generation piles up to a share of what is live', () => {
    const ownPolicy = peakOldGenerationMb(0);
    const held = peakOldGenerationMb(25);
    // V8's own policy lets the old generation reach several times what is kept.
    expect(held).toBeLessThan(ownPolicy * 0.75);
  }, 60_000);

  it('leaves a heap growth given to node alone', () => {
    expect(heapGrowthGivenToNode(['--heap-growing-percent=20'], undefined)).toBe(true);
    expect(heapGrowthGivenToNode([], '--max-old-space-size=512 --heap_growing_percent=20')).toBe(true);
    expect(heapGrowthGivenToNode(['--max-old-space-size=512'], '--enable-source-maps')).toBe(false);
  });
});
