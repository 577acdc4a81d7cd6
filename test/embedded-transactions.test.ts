import 'reflect-metadata';
import { openDatabase, type Database } from '../src/db/database';
import { entities } from '../src/entities';
import { OrganizationEntity } from '../src/organizations/organization.entity';
import { embeddedTemplate } from './support/migrated-template';

// PGlite is one session: without serialisation, overlapping transactions interleave on it
// and a rolled-back transaction's rows survive. This always runs on the embedded database.
let db: Database;

beforeAll(async () => {
  db = await openDatabase({ entities, dataDir: 'memory://', embeddedTemplate: await embeddedTemplate() });
});
afterAll(() => db.close());

it('keeps overlapping transactions apart: the rolled-back one leaves nothing, the other commits', async () => {
  let releaseFirst!: () => void;
  const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));

  const failing = db.dataSource.transaction(async (tx) => {
    await tx.insert(OrganizationEntity, { name: 'rolled-back' });
    await firstMayFinish;
    throw new Error('abort');
  });
  const committing = db.dataSource.transaction(async (tx) => {
    await tx.insert(OrganizationEntity, { name: 'committed' });
  });
  const lone = db.dataSource.manager.count(OrganizationEntity);
  releaseFirst();

  await expect(failing).rejects.toThrow('abort');
  await committing;
  await lone;
  const names = (await db.dataSource.manager.find(OrganizationEntity)).map((o) => o.name);
  expect(names).toEqual(['committed']);
});

it('lets a lone query wait for a transaction instead of reading its uncommitted rows', async () => {
  let release!: () => void;
  let inserted!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const insertDone = new Promise<void>((resolve) => (inserted = resolve));
  const tx = db.dataSource.transaction(async (m) => {
    await m.insert(OrganizationEntity, { name: 'in-flight' });
    inserted();
    await gate;
    throw new Error('abort');
  });
  await insertDone;
  const seen = db.dataSource.manager.count(OrganizationEntity, { where: { name: 'in-flight' } });
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
  await expect(tx).rejects.toThrow('abort');
  expect(await seen).toBe(0);
});
