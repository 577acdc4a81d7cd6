import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../../common/project-root';

// The generated operation types (the page's, the typed client example's and the test world's) must follow schema/schema.graphql: after changing either, run `npm run codegen`.
it('keeps the checked-in operation types equal to what codegen makes from the checked-in schema', () => {
  const root = projectRoot();
  const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'codegen.mjs'), '--check'], { cwd: root, encoding: 'utf8' });
  expect({ status: run.status, output: run.status === 0 ? '' : run.stdout + run.stderr }).toEqual({ status: 0, output: '' });
}, 60_000);
