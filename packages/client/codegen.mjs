#!/usr/bin/env node
// Types GraphQL operations from a schema with @graphql-codegen/core and its plugins, and writes the
// schema's possible types (interfaces to their object types) for a normalised cache. The codegen CLI
// would do the same, but it pulls in loaders and a terminal UI that require Node 22; this runs on
// Node 20 too, and a config here has the CLI's shape, so either reads it.
//
//   node codegen.mjs [--check] [config.json ...]      (default: codegen.json in this folder)
//
// Paths in a config are relative to its own folder. With --check nothing is written, and the exit
// code is 1 when a generated file differs from what the schema and operations make.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import * as fragmentMatcher from '@graphql-codegen/fragment-matcher';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { buildSchema, parse, printSchema } from 'graphql';

const PLUGINS = {
  'typescript-operations': typescriptOperations,
  'typed-document-node': typedDocumentNode,
  'fragment-matcher': fragmentMatcher,
};

const asList = (value) => (Array.isArray(value) ? value : [value]);
const shown = (file) => path.relative(process.cwd(), file) || '.';

/** A file a config names, read, or an error saying which config names it and under which key. */
function readNamed(configPath, key, file) {
  const location = path.resolve(path.dirname(configPath), file);
  if (!fs.existsSync(location)) {
    const hint = key === 'schema' ? ': copy the Loadout server\'s schema/schema.graphql there, or set "schema" to where it is' : '';
    throw new Error(`${shown(configPath)}: "${key}" names ${shown(location)}, which does not exist${hint}`);
  }
  return { location, text: fs.readFileSync(location, 'utf8') };
}

/**
 * Every output of one config: its file name and the text the plugins make for it. `schema`, when
 * given, is read instead of the config's own (the project's check of this folder uses its emitted schema).
 */
export async function generate(configPath, schema) {
  const config = JSON.parse(fs.readFileSync(configPath, 'utf8'));
  const schemaAst = buildSchema(schema ? fs.readFileSync(schema, 'utf8') : readNamed(configPath, 'schema', config.schema).text);
  const documents = asList(config.documents).map((file) => {
    const { location, text } = readNamed(configPath, 'documents', file);
    return { location, document: parse(text) };
  });
  const outputs = [];
  for (const [file, output] of Object.entries(config.generates)) {
    const plugins = output.plugins.map((name) => {
      if (!PLUGINS[name]) throw new Error(`${shown(configPath)}: unknown plugin ${name} (known: ${Object.keys(PLUGINS).join(', ')})`);
      return { [name]: {} };
    });
    const filename = path.resolve(path.dirname(configPath), file);
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

/** Writes each job's stale outputs, or with `check` only names them; answers how many were stale. */
export async function writeOrCheck(jobs, check) {
  let changed = 0;
  for (const { config, schema } of jobs) {
    for (const { filename, text } of await generate(config, schema)) {
      const current = fs.existsSync(filename) ? fs.readFileSync(filename, 'utf8') : null;
      if (current === text) continue;
      changed++;
      if (check) console.error(`${shown(filename)} is stale`);
      else {
        fs.mkdirSync(path.dirname(filename), { recursive: true });
        fs.writeFileSync(filename, text);
        console.log(`wrote ${shown(filename)}`);
      }
    }
  }
  return changed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const configs = args.filter((a) => a !== '--check');
  const here = path.dirname(fileURLToPath(import.meta.url));
  const jobs = (configs.length ? configs : [path.join(here, 'codegen.json')]).map((c) => ({ config: path.resolve(c) }));
  try {
    const check = args.includes('--check');
    const changed = await writeOrCheck(jobs, check);
    if (!changed) console.log('generated files are up to date with the schema and the operations');
    else if (check) console.error('run `npm run generate`');
    process.exitCode = check && changed ? 1 : 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
