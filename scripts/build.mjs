#!/usr/bin/env node
// `npm run build`: compiles src/ to dist/src/ with swc (the options jest uses, scripts/swc-options.cjs),
// and with --bench also bench/ to dist/bench/, only the files whose content changed since the last build, then bundles the debugger page, the loadout page and the
// GraphQL explorer when one of their inputs changed. Types are checked by `npm run typecheck`, not here.
// Prints one line, on stderr so that a command's own output (a dump on stdout) stays clean:
// how long it took and what it did.
//
//   node scripts/build.mjs [--bench]
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFile } from '@swc/core';

const started = performance.now();
const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const swcOptions = require('./swc-options.cjs');
// The bench runs the client package's runtime too, from its sources.
const roots = ['src', ...(process.argv.includes('--bench') ? ['bench', 'packages/client/src', 'packages/client/generated'] : [])];
const out = path.join(root, 'dist', 'src');
const manifestFile = path.join(root, 'dist', '.build-manifest.json');

// Tests and their helpers are run from source by jest; the server never loads them.
const isShipped = (file) => !/\.(spec|fixture)\.ts$|\.d\.ts$/.test(file) && !file.split(path.sep).includes('testing');

// Files by their path from the project's root; bench/results holds the benchmarks' output, not code.
function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === path.join(root, 'bench', 'results') ? [] : sources(file);
    return (file.endsWith('.ts') && isShipped(file)) || file.endsWith('.json') ? [path.relative(root, file)] : [];
  });
}

const hashOf = (text) => createHash('sha256').update(text).digest('hex');
const outputOf = (file) => path.join(root, 'dist', file.replace(/\.ts$/, '.js'));

// A build without --bench keeps bench/'s entries, so the next bench run compiles only what changed.
function readManifest(compiler) {
  try {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    return manifest.compiler === compiler ? manifest.files : {};
  } catch {
    return {};
  }
}

// Written whole or not at all: a build running beside another (two test files) never leaves half a file.
function writeAtomically(file, text) {
  fs.writeFileSync(`${file}.${process.pid}`, text);
  fs.renameSync(`${file}.${process.pid}`, file);
}

async function compile(file) {
  const from = path.join(root, file);
  const to = outputOf(file);
  fs.mkdirSync(path.dirname(to), { recursive: true });
  if (file.endsWith('.json')) return writeAtomically(to, fs.readFileSync(from));
  const { code, map } = await transformFile(from, {
    ...swcOptions,
    sourceMaps: true,
    sourceFileName: path.relative(path.dirname(to), from),
    swcrc: false,
    configFile: false,
  });
  writeAtomically(`${to}.map`, map);
  writeAtomically(to, `${code}\n//# sourceMappingURL=${path.basename(to)}.map\n`);
}

// A new compiler or new options compile everything again.
const compiler = hashOf(JSON.stringify(swcOptions) + require('@swc/core/package.json').version + 'paths from the root');
const previous = readManifest(compiler);
const inRoots = (file) => roots.some((dir) => file.startsWith(dir + path.sep));
const files = Object.fromEntries(
  roots.flatMap((dir) => sources(path.join(root, dir))).map((file) => [file, hashOf(fs.readFileSync(path.join(root, file)))]),
);
const changed = Object.keys(files).filter((file) => previous[file] !== files[file] || !fs.existsSync(outputOf(file)));
const deleted = Object.keys(previous).filter((file) => inRoots(file) && !(file in files));
for (const file of deleted) {
  for (const stale of [outputOf(file), `${outputOf(file)}.map`]) fs.rmSync(stale, { force: true });
}
const failed = (await Promise.allSettled(changed.map(compile))).flatMap((result, i) =>
  result.status === 'rejected' ? [[changed[i], result.reason]] : [],
);
// A file that failed is compiled again next time, whatever its content.
for (const [file] of failed) delete files[file];
const kept = Object.fromEntries(Object.entries(previous).filter(([file]) => !inRoots(file)));
writeAtomically(manifestFile, JSON.stringify({ compiler, files: { ...kept, ...files } }));
if (failed.length > 0) {
  for (const [file, error] of failed)
    console.error(`build failed: ${file}\n${String(error.message ?? error).split('\n\nCaused by:')[0]}`);
  process.exit(1);
}

// The pages' bundlers, as just compiled: one definition of each page, shared with the tests that build them.
const { buildDebuggerPage } = require(path.join(out, 'pages/debugger/build-page.js'));
const { buildLoadoutPage } = require(path.join(out, 'pages/loadout/build-page.js'));
const { buildExplorer } = require(path.join(out, 'pages/explorer/build-explorer.js'));
const [debuggerBundled, loadoutBundled, explorerBundled] = await Promise.all([buildDebuggerPage(), buildLoadoutPage(), buildExplorer()]);

const done = [
  changed.length > 0 && `compiled ${changed.length} of ${Object.keys(files).length} files`,
  deleted.length > 0 && `removed the output of ${deleted.length} deleted file${deleted.length === 1 ? '' : 's'}`,
  debuggerBundled && 'bundled the debugger page',
  loadoutBundled && 'bundled the loadout page',
  explorerBundled && 'bundled the GraphQL explorer',
].filter(Boolean);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.error(`build ${seconds} s: ${done.length > 0 ? done.join(', ') : 'up to date'}`);
