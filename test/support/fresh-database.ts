import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** A database of its own on the PostgreSQL server of `serverUrl`: its name, its URL, and how to drop it. */
export interface FreshDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** An empty database, or with `template`, a copy of that database (see migrated-template.ts). */
export async function freshDatabase(serverUrl: string, prefix: string, template?: string): Promise<FreshDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      // A closed pool's sockets finish closing a moment later; forcing the drop before would cut them off mid-close.
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
