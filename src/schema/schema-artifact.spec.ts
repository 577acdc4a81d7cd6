import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../common/project-root';
import { buildLoadoutSchema, printLoadoutSchema } from './build-schema';

describe('schema/schema.graphql', () => {
  it('is exactly what the code emits (run `npm run schema:emit` after changing the API)', async () => {
    const committed = fs.readFileSync(path.join(projectRoot(), 'schema', 'schema.graphql'), 'utf8');
    expect(printLoadoutSchema(await buildLoadoutSchema())).toBe(committed);
  });
});
