import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../common/project-root';
import { buildLoadoutSchema, printLoadoutSchema } from './build-schema';

/** `npm run schema:emit`: writes schema/schema.graphql from the code. */
async function main(): Promise<void> {
  const file = path.join(projectRoot(), 'schema', 'schema.graphql');
  fs.writeFileSync(file, printLoadoutSchema(await buildLoadoutSchema()));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

void main();
