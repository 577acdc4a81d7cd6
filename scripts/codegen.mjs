#!/usr/bin/env node
// The project's generated operation types: the debugger's and the loadout page's, the typed client example's and the
// test world's, all from schema/schema.graphql, with the example's own runner (packages/client/codegen.mjs,
// which a team copies with the folder and points at its own copy of the schema).
//
//   node scripts/codegen.mjs [--check]
//
// With --check nothing is written, and the exit code is 1 when a generated file is stale. Why the codegen runs
// without its CLI: docs/architecture.md, note "Code generation".
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeOrCheck } from '../packages/client/codegen.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schema = path.join(root, 'schema', 'schema.graphql');
const jobs = [
  { config: path.join(root, 'codegen.json') },
  { config: path.join(root, 'src', 'pages', 'loadout', 'codegen.json') },
  { config: path.join(root, 'packages', 'client', 'codegen.json'), schema },
  { config: path.join(root, 'test', 'support', 'codegen.json') },
];
const check = process.argv.includes('--check');
const stale = await writeOrCheck(jobs, check);
if (check && stale) console.error('run `npm run codegen`');
process.exitCode = check && stale ? 1 : 0;
