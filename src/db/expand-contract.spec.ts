import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../common/project-root';

/**
 * Expand/contract (docs/operations.md, "Upgrades"): a release's migrations
 * run while the previous release still serves, so they may only add what
 * that release ignores. A step that removes, renames or tightens what it
 * uses waits for a later release and says so: a comment right above it,
 * `-- contract: unused since <commit>`, naming the first release whose code
 * no longer uses it. Migrations landed before the rule are not edited, so it
 * holds for those after the marker. What it cannot see (a changed meaning, a
 * backfill old code reads wrongly, a new constraint old writes break) is the
 * review's.
 */
const RULE_FROM = '1764400029000-TurnSituations';

const CONTRACT_STEPS: Array<[string, RegExp]> = [
  ['drops', /\bDROP\s+(TABLE|COLUMN|VIEW|MATERIALIZED\s+VIEW|FUNCTION|TRIGGER|TYPE|SCHEMA|SEQUENCE|INDEX|CONSTRAINT)\b/i],
  ['renames', /\bRENAME\b/i],
  ['sets NOT NULL', /\bSET\s+NOT\s+NULL\b/i],
  ['changes a type', /\bALTER\s+(COLUMN\s+)?"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i],
  ['adds a NOT NULL column without a default', /\bADD\s+(COLUMN\s+)?(?=[^;]*\bNOT\s+NULL\b)(?![^;]*\bDEFAULT\b)/i],
  ['truncates', /\bTRUNCATE\b/i],
];

const MARKER = /^\s*--\s*contract:\s*unused since ([0-9a-f]{7,40})\b/i;

/** A statement of a migration's up script: its SQL without comments or function bodies, and the commit its marker names. */
interface Statement {
  sql: string;
  unusedSince: string | null;
}

function statementsOf(up: string): Statement[] {
  const text = up
    .split('\n')
    .map((line) => {
      const marker = MARKER.exec(line);
      return marker ? ` __contract_${marker[1]}__ ` : line.replace(/--.*$/, '');
    })
    .join('\n')
    .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, "''");
  return text
    .split(';')
    .map((chunk) => {
      const marker = /__contract_([0-9a-f]+)__/i.exec(chunk);
      return { sql: chunk.replace(/__contract_[0-9a-f]+__/gi, '').trim(), unusedSince: marker ? marker[1] : null };
    })
    .filter((s) => s.sql);
}

/** What each unmarked contract step of the up script does, by statement. */
function contractStepsUnmarked(up: string): string[] {
  return statementsOf(up).flatMap((s) =>
    s.unusedSince ? [] : CONTRACT_STEPS.filter(([, pattern]) => pattern.test(s.sql)).map(([what]) => `${what}: ${s.sql.split('\n')[0]}`),
  );
}

const root = projectRoot();
const git = (...args: string[]): boolean => {
  try {
    execFileSync('git', ['-C', root, ...args], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const underRule = fs
  .readdirSync(path.join(root, 'migrations'))
  .filter((file) => /^\d+-[\w-]+\.sql$/.test(file) && file.replace(/\.sql$/, '') > RULE_FROM)
  .sort();

describe('migrations after the expand/contract rule', () => {
  it.each(underRule.map((file) => [file]))('%s only expands, or marks its contract steps', (file) => {
    const up = fs.readFileSync(path.join(root, 'migrations', file), 'utf8').split(/^--\s*migrate:down\s*$/m)[0];
    expect(contractStepsUnmarked(up)).toEqual([]);
    for (const { unusedSince } of statementsOf(up).filter((s) => s.unusedSince)) {
      // The release named is in this history and did not ship this migration: the step comes in a later one.
      expect(git('merge-base', '--is-ancestor', unusedSince!, 'HEAD')).toBe(true);
      expect(git('cat-file', '-e', `${unusedSince}:migrations/${file}`)).toBe(false);
    }
  });
});

describe('the rule', () => {
  it('lets a migration add columns, tables, indexes, functions and backfills', () => {
    const up = `ALTER TABLE "turns" ADD "note" text;
      ALTER TABLE "turns" ADD COLUMN "weight" int NOT NULL DEFAULT 1;
      CREATE TABLE "notes" ("id" uuid PRIMARY KEY, "body" text NOT NULL);
      CREATE INDEX "idx_notes_body" ON "notes" ("body");
      CREATE FUNCTION "f"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DROP TABLE x; RETURN NEW; END $$;
      UPDATE "turns" SET "note" = '' WHERE "note" IS NULL; -- rename later`;
    expect(contractStepsUnmarked(up)).toEqual([]);
  });

  it('refuses drops, renames, NOT NULL, type changes and truncation unless marked', () => {
    const up = `ALTER TABLE "turns" DROP COLUMN "note";
      DROP TABLE "notes";
      ALTER TABLE "turns" RENAME COLUMN "a" TO "b";
      ALTER TABLE "turns" ALTER COLUMN "page_type" SET NOT NULL;
      ALTER TABLE "turns" ALTER COLUMN "weight" TYPE bigint;
      ALTER TABLE "turns" ADD "required" int NOT NULL;
      TRUNCATE "notes";
      DROP INDEX "idx_notes_body"`;
    expect(contractStepsUnmarked(up).map((step) => step.split(':')[0])).toEqual([
      'drops',
      'drops',
      'renames',
      'sets NOT NULL',
      'changes a type',
      'adds a NOT NULL column without a default',
      'truncates',
      'drops',
    ]);
  });

  it('would have refused TurnSituations, landed before it, whose NOT NULL the release before it broke on', () => {
    const up = fs.readFileSync(path.join(root, 'migrations', `${RULE_FROM}.sql`), 'utf8').split(/^--\s*migrate:down\s*$/m)[0];
    expect(contractStepsUnmarked(up).map((step) => step.split(':')[0])).toEqual(['sets NOT NULL', 'sets NOT NULL', 'sets NOT NULL']);
  });

  it('takes a step marked with the release that stopped using what it removes', () => {
    const up = `-- contract: unused since 73018ee742229e6ba244170e3881ca2d79ba3307
      ALTER TABLE "turns" DROP COLUMN "note";
      DROP TABLE "notes";`;
    expect(statementsOf(up).map((s) => s.unusedSince)).toEqual(['73018ee742229e6ba244170e3881ca2d79ba3307', null]);
    expect(contractStepsUnmarked(up)).toEqual(['drops: DROP TABLE "notes"']);
  });
});
