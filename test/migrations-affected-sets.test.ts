import 'reflect-metadata';
import { runMigrations } from '../src/db/migrations';
import { InvalidationService } from '../src/invalidation/invalidation.service';
import { ToolboxInvalidationEntity, type StoredAffectedToolbox } from '../src/invalidation/toolbox-invalidation.entity';
import { emptyDatabase, migrateBefore } from './support/migrated-database';

const ONE_FORM = '1764400021000-AffectedSetsOneForm';

const hex = (byte: string) => byte.repeat(32);
const packed = (fingerprint: string) => Buffer.from(fingerprint, 'hex').toString('base64url');
const web = { id: '00000000-0000-4000-8000-000000000001', key: 'web', name: 'Web' };
const api = { id: '00000000-0000-4000-8000-000000000002', key: 'api', name: 'API' };
const edited = { added: [], removed: [], changed: ['lookup'], reordered: false };
const added = { added: ['search'], removed: [], changed: [], reordered: false };

const situation = (
  channel: StoredAffectedToolbox['channel'],
  type: StoredAffectedToolbox['page']['type'],
  contextObject: string | null,
  previous: string,
  next: string,
  diff: StoredAffectedToolbox['diff'],
): StoredAffectedToolbox => ({
  channel,
  page: { type, contextObject, recordId: null },
  previousFingerprint: hex(previous),
  newFingerprint: hex(next),
  diff,
});

/** What each event lists, in situation order: context objects by key after the pages without one. */
const listed: StoredAffectedToolbox[] = [
  situation(api, 'HOME', null, 'aa', 'bb', edited),
  situation(api, 'RECORD', 'account', 'aa', 'bb', edited),
  situation(api, 'RECORD', 'deal', 'cc', 'dd', added),
  situation(web, 'LIST', null, 'aa', 'bb', edited),
  situation(web, 'RECORD', null, 'cc', 'dd', added),
  situation(web, 'RECORD', 'deal', 'aa', 'bb', edited),
];

/** The same list in each form an affected set was stored in besides the grid. */
const channelAt = (c: StoredAffectedToolbox['channel']) => (c.id === api.id ? 0 : 1);
const diffAt = (d: StoredAffectedToolbox['diff']) => (d === edited ? 0 : 1);
const changeAt = (s: StoredAffectedToolbox) => (s.previousFingerprint === hex('aa') ? 0 : 1);
const namingChanges = {
  channels: [api, web],
  diffs: [edited, added],
  changes: [
    [packed(hex('aa')), packed(hex('bb')), 0],
    [packed(hex('cc')), packed(hex('dd')), 1],
  ],
  situations: listed.map((s) => [channelAt(s.channel), s.page.type, s.page.contextObject, changeAt(s)]),
};
const changesInline = {
  channels: [api, web],
  diffs: [edited, added],
  situations: listed.map((s) => [
    channelAt(s.channel),
    s.page.type,
    s.page.contextObject,
    packed(s.previousFingerprint),
    packed(s.newFingerprint),
    diffAt(s.diff),
  ]),
};

it('rewrites every earlier form of affected sets as the grid, each event listing what it did, in the same order', async () => {
  const { db, drop } = await emptyDatabase();
  try {
    const ds = db.dataSource;
    await migrateBefore(ds, ONE_FORM);
    const [{ id: org }]: Array<{ id: string }> = await ds.query(`INSERT INTO organizations (name) VALUES ('o') RETURNING id`);
    const set = async (affected: object): Promise<string> =>
      (
        (await ds.query(`INSERT INTO invalidation_affected_sets (organization_id, affected) VALUES ($1, $2::jsonb) RETURNING id`, [
          org,
          JSON.stringify(affected),
        ])) as Array<{ id: string }>
      )[0].id;
    const event = (seq: number, affected: unknown[], setId: string | null) =>
      ds.query(
        `INSERT INTO toolbox_invalidations (id, seq, organization_id, agent_id, cause, loadout_version, affected, affected_set_id)
           VALUES (gen_random_uuid(), $1, $2, gen_random_uuid(), 'TOOL_UPDATED', 1, $3::jsonb, $4)`,
        [seq, org, JSON.stringify(affected), setId],
      );
    await event(1, listed, null);
    await event(2, [], await set(namingChanges));
    await event(3, [], await set(changesInline));
    await event(4, [], null);

    await runMigrations(ds);
    const events = await ds.manager.find(ToolboxInvalidationEntity, { where: { organizationId: org }, order: { seq: 'ASC' } });
    const affected = await new InvalidationService(ds).affectedOf(org, events);
    expect(affected).toEqual([listed, listed, listed, []]);
    const stored: Array<{ affected: Record<string, unknown> }> = await ds.query(
      `SELECT s.affected FROM toolbox_invalidations i JOIN invalidation_affected_sets s ON s.id = i.affected_set_id ORDER BY i.seq`,
    );
    for (const { affected: set } of stored) expect(Object.keys(set).sort()).toEqual(['changes', 'channels', 'contexts', 'diffs', 'grid']);
    expect(stored[0].affected).toEqual({
      channels: [api, web],
      diffs: [edited, added],
      changes: namingChanges.changes,
      contexts: ['account', 'deal'],
      grid: ['0,,,0,1', ',0,1,,0'],
    });
  } finally {
    await drop();
  }
});
