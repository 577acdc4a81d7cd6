// Lint rules that catch real mistakes here: promises nobody awaits, imports that
// should vanish at run time, default exports, and `any` in the specs. Formatting is prettier's job.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test-output/', 'src/debugger/web/generated/'] },
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
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
  {
    // A spec declares the type of the data it reads (`typed`, `ok<T>` in test/support/harness.ts): reading a field it did not select fails to compile.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
);
