// Lint rules that catch real mistakes here: promises nobody awaits, imports that
// should vanish at run time, default exports, `any` in the specs, and imports
// against the layers. Formatting is prettier's job.
import fs from 'node:fs';
import tseslint from 'typescript-eslint';

/**
 * The floors of src/, lowest first (docs/architecture.md, "Layers"): a file
 * imports from its own floor and those below, never from one above. The
 * list is src/architecture/layers.json, which the import graph's spec
 * (src/architecture/import-graph.spec.ts) also reads; that spec refuses
 * circles too, which no zone here can see.
 */
const { floors: FLOORS, core: CORE } = JSON.parse(fs.readFileSync(new URL('./src/architecture/layers.json', import.meta.url), 'utf8'));

/**
 * A relative import of a top-level folder or file of src/ named `name`:
 * `../name/...` (any number of `../`) from a folder, `./name...` from a file
 * at the top of src/.
 */
const importOf = (name, fromTop) => (fromTop ? `^\\./${name}(?:/|\\.js$|$)` : `^(?:\\.\\./)+${name}(?:/|\\.js$|$)`);
const refused = (floor, fromTop) =>
  FLOORS.slice(floor + 1)
    .flat()
    .map((name) => ({
      regex: importOf(name, fromTop),
      message: `src/${name} is on a floor above this file's (docs/architecture.md, "Layers"; src/architecture/layers.json).`,
    }));
const layerRules = FLOORS.slice(0, -1).flatMap((names, floor) =>
  [
    { files: names.map((name) => `src/${name}/**/*.ts`), fromTop: false },
    { files: names.map((name) => `src/${name}.ts`).concat(names.map((name) => `src/${name}.spec.ts`)), fromTop: true },
  ].map(({ files, fromTop }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: refused(floor, fromTop) }] },
  })),
);

/**
 * The floors inside the core (src/loadout), held the same way for its
 * files but its specs, which may read any floor of it and its test
 * support (docs/architecture.md, "The core's floors"). Each zone here
 * repeats the core's zone among the floors of src/: a later zone's
 * patterns replace an earlier one's for the files both match.
 */
const coreFloor = FLOORS.findIndex((names) => names.includes(CORE.folder));
const coreRefused = (floor, fromTop) =>
  CORE.floors
    .slice(floor + 1)
    .flat()
    .concat(CORE.testSupport)
    .map((name) => ({
      regex: importOf(name, fromTop),
      message: `src/${CORE.folder}/${name} is on a floor above this file's (docs/architecture.md, "The core's floors"; src/architecture/layers.json).`,
    }));
const coreRules = CORE.floors.flatMap((names, floor) =>
  [
    { files: names.map((name) => `src/${CORE.folder}/${name}/**/*.ts`), fromTop: false },
    { files: names.map((name) => `src/${CORE.folder}/${name}.ts`), fromTop: true },
  ].map(({ files, fromTop }) => ({
    files,
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...refused(coreFloor, false), ...coreRefused(floor, fromTop)] }] },
  })),
);

export default tseslint.config(
  { ignores: ['dist/', 'packages/*/dist/', 'node_modules/', 'coverage/', 'test-output/', 'src/pages/debugger/web/generated/', 'src/pages/loadout/web/generated/', 'packages/*/generated/', 'test/support/generated/'] },
  {
    files: ['src/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts', 'packages/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use a named export.' }],
    },
  },
  ...layerRules,
  ...coreRules,
  {
    // No `any` anywhere: a spec declares the type of the data it reads (`typed`, `ok<T>` in test/support/harness.ts), so reading a field it did not select fails to compile, and the product types what it handles.
    files: ['src/**/*.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
);
