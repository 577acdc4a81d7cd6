#!/usr/bin/env node
// `npm run build:package` (and `npm pack`, through `prepack`): the package's three entries, `.`, `./graphql` and
// `./apollo`, each bundled by esbuild as ESM (`.mjs`) and CommonJS (`.cjs`) into dist/package/, and their
// declarations by tsc (tsconfig.package.json). Only the package's own code is bundled: Apollo Client stays an
// import, for the app to provide.
//
//   node build-package.mjs [--out DIR]   (DIR: where dist/package/ goes; a spec builds a copy of its own)
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outFlag = process.argv.indexOf('--out');
const out = outFlag > 0 ? path.resolve(process.argv[outFlag + 1]) : path.join(here, 'dist', 'package');
const entries = { index: 'src/index.ts', graphql: 'src/graphql.ts', apollo: 'src/apollo.ts' };

rmSync(out, { recursive: true, force: true });
for (const [format, extension] of [
  ['esm', '.mjs'],
  ['cjs', '.cjs'],
]) {
  await build({
    absWorkingDir: here,
    entryPoints: entries,
    outdir: out,
    outExtension: { '.js': extension },
    bundle: true,
    packages: 'external',
    platform: 'neutral',
    format,
    target: 'es2022',
    logLevel: 'warning',
  });
}
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.package.json'), '--outDir', path.join(out, 'types')], {
  stdio: 'inherit',
});
