// Lint rules that catch real mistakes here: promises nobody awaits, imports that
// should vanish at run time, default exports, `any` in the specs, and imports
// against the layers. Formatting is prettier's job.
import tseslint from 'typescript-eslint';

/**
 * The layers of src/, lowest first (README "Architecture"): a file imports
 * from its own layer and those below, never from one above. The domains form
 * one layer and may use each other.
 */
const DOMAINS = ['organizations', 'catalogue', 'agents', 'tools', 'toolbox', 'invalidation', 'conversations', 'usage', 'budget'];
const LAYERS = [
  ['common'],
  ['db'],
  ['tokens'],
  ['loadout'],
  DOMAINS,
  [
    'schema',
    'server',
    'debugger',
    'explorer',
    'demo',
    'bench',
    'app-services',
    'request-loaders',
    'entities',
    'config',
    'startup-messages',
  ],
  ['main', 'key-command', 'dump-command', 'embedded-guard'],
];
/** What a layer's files may not import: every folder or file of the layers above it, by any relative path. */
const above = (layer) =>
  LAYERS.slice(layer + 1)
    .flat()
    .flatMap((name) => [`**/${name}`, `**/${name}/**`, `**/${name}.js`]);
const layerRules = LAYERS.slice(0, -1).map((names, layer) => ({
  files: names.map((name) => `src/${name}/**/*.ts`).concat(names.map((name) => `src/${name}.ts`)),
  // The loadout core's test helpers compare it with the domains' own computations.
  ignores: ['src/loadout/testing/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: above(layer),
            message: `src/${names.length === 1 ? names[0] : '<domain>'} may not import from a layer above it (README "Architecture").`,
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test-output/', 'src/debugger/web/generated/', 'examples/*/generated/', 'test/support/generated/'] },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'examples/**/*.ts'],
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
  {
    // A spec declares the type of the data it reads (`typed`, `ok<T>` in test/support/harness.ts): reading a field it did not select fails to compile.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
);
