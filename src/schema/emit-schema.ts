import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../common/project-root';
import { buildLoadoutSchema, printLoadoutSchema } from './build-schema';
import { operationPermissions } from './permissions';

/** `npm run schema:emit`: writes schema/schema.graphql and schema/permissions.txt from the code. */
async function main(): Promise<void> {
  const dir = path.join(projectRoot(), 'schema');
  fs.writeFileSync(path.join(dir, 'schema.graphql'), printLoadoutSchema(await buildLoadoutSchema()));
  fs.writeFileSync(path.join(dir, 'permissions.txt'), operationPermissions().join('\n') + '\n');
  console.log('wrote schema/schema.graphql and schema/permissions.txt');
}

void main();
