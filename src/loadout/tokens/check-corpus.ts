/*
 * Dev check, not a test: compares the estimates with the reference counts of
 * a tool corpus, a directory holding tools.json and reference.json that is
 * not part of the repository. Build, then:
 * node dist/src/loadout/tokens/check-corpus.js <corpus directory>
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ModelVisibleContent } from '../../common/content-hash';
import { estimateToolTokens, requestOverheadTokens } from './estimate-tokens';

interface Reference {
  name: string;
  source: string;
  o200k_json: number;
  openai_cookbook: number;
}

const MODELS = ['openai/gpt-4o', 'anthropic/claude-sonnet-4-5', 'google/gemini-2.5-pro'];

const corpusDirectory = process.argv[2];
if (!corpusDirectory) {
  console.error('usage: node dist/src/loadout/tokens/check-corpus.js <corpus directory holding tools.json and reference.json>');
  process.exit(2);
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(corpusDirectory, file), 'utf8')) as T;
}

/** Whether some top-level property has structure the cookbook does not count. */
function nests(tool: ModelVisibleContent): boolean {
  const properties = (tool.inputSchema as { properties?: Record<string, Record<string, unknown>> }).properties ?? {};
  return Object.values(properties).some((p) => ['properties', 'items', 'anyOf', 'oneOf', 'allOf'].some((k) => k in p));
}

function errorStats(estimates: number[], references: number[], names: string[]) {
  const errors = estimates.map((e, i) => (100 * (e - references[i])) / references[i]);
  const absolute = errors.map(Math.abs);
  const worst = absolute.indexOf(Math.max(...absolute));
  const sorted = [...absolute].sort((a, b) => a - b);
  return {
    meanAbs: absolute.reduce((s, x) => s + x, 0) / absolute.length,
    medianAbs: sorted[Math.floor(sorted.length / 2)],
    meanSigned: errors.reduce((s, x) => s + x, 0) / errors.length,
    max: `${errors[worst].toFixed(1)}% (${names[worst]})`,
  };
}

const tools = readJson<ModelVisibleContent[]>('tools.json');
const references = readJson<Reference[]>('reference.json');
const byKey = new Map(references.map((r) => [`${r.source}\n${r.name}`, r]));
const rows = tools.map((t) => {
  const ref = byKey.get(`${(t as unknown as { source: string }).source}\n${t.name}`);
  if (!ref) throw new Error(`no reference for ${t.name}`);
  return { tool: t, ref };
});
const names = rows.map((r) => r.tool.name);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

console.log(`${rows.length} tools\n`);
console.log('| model | vs | mean abs err | median abs err | mean signed err | max err | per-tool sum | reference sum | request overhead |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const model of MODELS) {
  const estimates = rows.map((r) => estimateToolTokens(r.tool, model));
  for (const metric of ['o200k_json', 'openai_cookbook'] as const) {
    const refs = rows.map((r) => r.ref[metric]);
    const s = errorStats(estimates, refs, names);
    console.log(
      `| ${model} | ${metric} | ${s.meanAbs.toFixed(1)}% | ${s.medianAbs.toFixed(1)}% | ${s.meanSigned.toFixed(1)}% | ${s.max} | ` +
        `${sum(estimates)} | ${sum(refs)} | ${requestOverheadTokens(model, rows.length)} |`,
    );
  }
}

const flat = rows.filter((r) => !nests(r.tool));
const nested = rows.filter((r) => nests(r.tool));
const openai = (r: (typeof rows)[number]) => estimateToolTokens(r.tool, 'openai/gpt-4o');
const signedVsJson = (group: typeof rows, estimate: (r: (typeof rows)[number]) => number) =>
  errorStats(
    group.map(estimate),
    group.map((r) => r.ref.o200k_json),
    group.map((r) => r.tool.name),
  ).meanSigned.toFixed(1);
console.log(
  `\nopenai/gpt-4o vs cookbook: ${flat.filter((r) => openai(r) === r.ref.openai_cookbook).length} of ${flat.length} flat tools exact;`,
);
console.log(
  `${nested.filter((r) => openai(r) > r.ref.openai_cookbook).length} of ${nested.length} nested tools above the cookbook, ` +
    `by ${sum(nested.map((r) => openai(r) - r.ref.openai_cookbook))} tokens in all.`,
);
console.log(
  `mean signed error vs o200k_json on nested tools: estimate ${signedVsJson(nested, openai)}%, ` +
    `cookbook ${signedVsJson(nested, (r) => r.ref.openai_cookbook)}%; on flat tools ${signedVsJson(flat, openai)}%.`,
);
