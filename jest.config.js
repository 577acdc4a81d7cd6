// Two tiers: DB-free unit specs beside the code (src/ and packages/, *.spec.ts) and
// integration specs that boot the real server (test/, *.test.ts).
const swc = ['@swc/jest', require('./scripts/swc-options.cjs')];

// Every change's incrementally patched loadout is checked against a fresh load (see ChangeTracker.verify).
process.env.LOADOUT_VERIFY_PATCHES = '1';

module.exports = {
  testEnvironment: '<rootDir>/test/support/jest-environment.cjs',
  // Each file is lent its worker's one copy of a tokenizer vocabulary (see the environment).
  moduleNameMapper: { '^gpt-tokenizer/encoding/(o200k_base|cl100k_base)$': '<rootDir>/test/support/shared-encodings/$1.cjs' },
  transform: { '^.+\\.ts$': swc },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/packages/**/*.spec.ts', '<rootDir>/test/**/*.test.ts'],
  setupFiles: ['reflect-metadata'],
  testTimeout: 60000,
  // Three files at a time on two cores: a third fills the time the others wait on sockets, timers,
  // child processes and the package registry. A worker whose heap a file left past the limit is
  // replaced before the next file.
  maxWorkers: 3,
  workerIdleMemoryLimit: '1GB',
};
