import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createServices } from './app-services';
import { LoadoutError } from './common/errors';
import { readConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { embeddedDatabaseHeld } from './embedded-guard';
import { entities } from './entities';
import { runMigrations } from './db/migrations';

const USAGE = 'usage: npm run key -- --org <organisation name or id>   (without --org: list the organisations)';

/**
 * `npm run key -- --org <name>`: mints an ADMIN key for an existing
 * organisation on the configured database (the same variables as
 * `npm start`), for an operator who lost the key shown once.
 */
export async function keyCommand(args: string[], config: Config, print: (line: string) => void): Promise<number> {
  const { values } = parseArgs({ args, options: { org: { type: 'string' }, help: { type: 'boolean' } }, strict: true });
  if (values.help) {
    print(USAGE);
    return 0;
  }
  if (embeddedDatabaseHeld(config, print)) return 1;
  const db = await openDatabase({ entities, url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await runMigrations(db.dataSource);
    const services = createServices(db);
    if (!values.org) {
      const organizations = await services.organizations.organizationNames();
      print(organizations.length ? 'Organisations:' : 'No organisation yet: `npm start` on an empty database seeds the demo.');
      for (const o of organizations) print(`  ${o.name}  (${o.id})`);
      print(USAGE);
      return organizations.length ? 0 : 1;
    }
    const { organization, apiKey } = await services.organizations.mintAdminKey(values.org);
    print(`New ADMIN key for '${organization.name}' (${organization.id}), shown once:`);
    print(`  ${apiKey}`);
    print('Send it as  Authorization: Bearer <key>; revoke keys you no longer trust with revokeApiKey.');
    return 0;
  } catch (error) {
    if (!(error instanceof LoadoutError)) throw error;
    print(error.message);
    return 1;
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  keyCommand(process.argv.slice(2), readConfig(), (line) => console.log(line)).then(
    (code) => process.exit(code),
    (error) => {
      console.error('npm run key failed:', (error as Error).message);
      process.exit(1);
    },
  );
}
