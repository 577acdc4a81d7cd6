import path from 'node:path';

/** This folder once compiled: dist/bench/e2e. The child scripts sit beside it. */
export const E2E_DIST = __dirname;
export const PROJECT_ROOT = path.resolve(__dirname, '../../..');
export const SERVER_MAIN = path.join(PROJECT_ROOT, 'dist/src/main.js');
export const RESULTS_DIR = path.join(PROJECT_ROOT, 'bench/results');

export const childScript = (name: 'hello-server' | 'load-worker' | 'raw-worker' | 'mcp-fleet-server'): string =>
  path.join(E2E_DIST, `${name}.js`);
