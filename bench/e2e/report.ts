import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseKind } from './database';
import type { Figure, Target } from './figures';
import { RESULTS_DIR } from './paths';

const number = (x: number | null, unit = ''): string => {
  if (x === null || !Number.isFinite(x)) return '-';
  const digits = Number.isInteger(x) || Math.abs(x) >= 100 ? 0 : Math.abs(x) >= 10 ? 1 : 2;
  return `${x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })}${unit ? ` ${unit}` : ''}`;
};

const targetText = (t: Target | null): string =>
  t === null ? '' : `${t.on === 'ratio' ? 'ratio' : 'value'} ${t.op === '>=' ? '≥' : t.op === '<=' ? '≤' : t.op} ${t.bound}`;

const metText = (f: Figure): string => (f.met === null ? '' : f.met ? 'yes' : 'NO');

/** The one table: figure, value, baseline, ratio, target, met?; notes numbered under it. */
export function printTable(figures: readonly Figure[]): void {
  const notes: string[] = [];
  const rows = figures.map((f) => {
    let name = f.name;
    if (f.note) {
      // The same note (e.g. no raw baseline on embedded) once, however many rows it explains.
      if (!notes.includes(f.note)) notes.push(f.note);
      name += ` [${notes.indexOf(f.note) + 1}]`;
    }
    return [
      name,
      number(f.value, f.unit),
      number(f.baseline, f.unit),
      f.ratio === null ? '-' : `${number(f.ratio)}×`,
      targetText(f.target),
      metText(f),
    ];
  });
  const header = ['figure', 'value', 'baseline', 'ratio', 'target', 'met?'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i >= 4 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  notes.forEach((n, i) => console.log(`[${i + 1}] ${n.replace(/\s+/g, ' ').slice(0, 400)}`));
}

/** bench/results/latest.json: the machine, the run and every figure. */
export function writeResults(figures: readonly Figure[], run: { databaseKind: DatabaseKind; quick: boolean; seconds: number }): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, 'latest.json');
  const machine = {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryMb: Math.round(os.totalmem() / 2 ** 20),
    node: process.version,
  };
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), machine, database: run.databaseKind, quick: run.quick, seconds: Math.round(run.seconds), figures }, null, 2)}\n`,
  );
  return file;
}
