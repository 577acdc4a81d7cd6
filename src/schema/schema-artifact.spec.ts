import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../common/project-root';
import { buildLoadoutSchema, printLoadoutSchema } from './build-schema';
import { operationPermissions } from './permissions';

describe('schema/schema.graphql', () => {
  it('is exactly what the code emits (run `npm run schema:emit` after changing the API)', async () => {
    const committed = fs.readFileSync(path.join(projectRoot(), 'schema', 'schema.graphql'), 'utf8');
    expect(printLoadoutSchema(await buildLoadoutSchema())).toBe(committed);
  });

  it('has schema/permissions.txt listing every operation with the role it needs (run `npm run schema:emit`)', async () => {
    await buildLoadoutSchema();
    const committed = fs.readFileSync(path.join(projectRoot(), 'schema', 'permissions.txt'), 'utf8');
    expect(operationPermissions().join('\n') + '\n').toBe(committed);
  });

  it('guards every operation with a role', async () => {
    await buildLoadoutSchema();
    expect(operationPermissions().filter((line) => line.endsWith(': NONE'))).toEqual([]);
  });
});
