#!/usr/bin/env node
// Types GraphQL operations from schema/schema.graphql with @graphql-codegen/core and its plugins,
// and writes the schema's possible types (interfaces to their object types) for a normalised cache.
// The codegen CLI would do the same, but it pulls in loaders and a terminal UI that require
// Node 22, and this project runs on Node 20 too; a config here has the CLI's shape, so either reads it.
//
//   node scripts/codegen.mjs [--check] [config.json ...]
//
// Without a config, the project's own: the debugger page's, the typed client example's and the test world's.
// Paths in a config are relative to its own folder. With --check nothing is written, and the
// exit code is 1 when a generated file differs from what the schema and operations make.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import * as fragmentMatcher from '@graphql-codegen/fragment-matcher';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { buildSchema, parse, printSchema } from 'graphql';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONFIGS = ['codegen.json', 'examples/typescript-client/codegen.json', 'test/support/codegen.json'];
const PLUGINS = {
  'typescript-operations': typescriptOperations,
  'typed-document-node': typedDocumentNode,
  'fragment-matcher': fragmentMatcher,
};

const asList = (value) => (Array.isArray(value) ? value : [value]);

/** Every output of one config: its file name and the text the plugins make for it. */
async function generate(configPath) {
  const config = JSON.parse(fs.readFileSync(configPath, 'utf8'));
  const dir = path.dirname(configPath);
  const schemaAst = buildSchema(fs.readFileSync(path.resolve(dir, config.schema), 'utf8'));
  const documents = asList(config.documents).map((file) => {
    const location = path.resolve(dir, file);
    return { location, document: parse(fs.readFileSync(location, 'utf8')) };
  });
  const outputs = [];
  for (const [file, output] of Object.entries(config.generates)) {
    const plugins = output.plugins.map((name) => {
      if (!PLUGINS[name]) throw new Error(`${configPath}: unknown plugin ${name} (known: ${Object.keys(PLUGINS).join(', ')})`);
      return { [name]: {} };
    });
    const filename = path.resolve(dir, file);
    const text = await codegen({
      filename,
      schema: parse(printSchema(schemaAst)),
      schemaAst,
      documents,
      plugins,
      pluginMap: PLUGINS,
      config: { ...config.config, ...output.config },
    });
    outputs.push({ filename, text });
  }
  return outputs;
}

const args = process.argv.slice(2);
const check = args.includes('--check');
const configs = args.filter((a) => a !== '--check');
let stale = 0;
const chosen = configs.length ? configs.map((c) => path.resolve(c)) : CONFIGS.map((c) => path.resolve(root, c));
for (const config of chosen) {
  for (const { filename, text } of await generate(config)) {
    const shown = path.relative(process.cwd(), filename);
    const current = fs.existsSync(filename) ? fs.readFileSync(filename, 'utf8') : null;
    if (current === text) continue;
    if (check) {
      stale++;
      console.error(`${shown} is stale: run \`npm run codegen\``);
    } else {
      fs.mkdirSync(path.dirname(filename), { recursive: true });
      fs.writeFileSync(filename, text);
      console.log(`wrote ${shown}`);
    }
  }
}
process.exitCode = stale ? 1 : 0;
