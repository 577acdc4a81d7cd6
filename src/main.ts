import 'reflect-metadata';
import { logger } from './common/logger';
import { readConfig } from './config';
import { databaseIsEmpty, seedDemo } from './demo/seed-demo';
import { startServer } from './server/create-server';

async function main(): Promise<void> {
  const config = readConfig();
  const server = await startServer(config);
  const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`Loadout listening on ${server.url} (${where})`);
  console.log(`  GraphQL and subscriptions: ${server.url}/graphql   health: /healthz   readiness: /readyz`);

  const demoWanted = config.demo === 'always' || (config.demo === 'auto' && !config.databaseUrl);
  if (demoWanted && (await databaseIsEmpty(server.services))) {
    const demo = await seedDemo(server.services);
    console.log('Seeded a demo organisation.');
    console.log(`  demo ADMIN key (shown once): ${demo.adminKey}`);
    console.log(`  open ${server.url}/graphql and send the header  Authorization: Bearer ${demo.adminKey}`);
    console.log(
      `  try: query { agents { name toolbox(channel: "web") { toolCount schemaTokens tools { name } dropped { tool { name } reason } } } }`,
    );
  }
  // A token the operator configured is never echoed: only one generated for this run, which nobody could know otherwise.
  if (config.adminTokenGenerated) console.log(`Operator token (generated for this run): ${config.adminToken}`);
  else if (config.adminToken) console.log('Operator token: the one in LOADOUT_ADMIN_TOKEN');
  else console.log('No LOADOUT_ADMIN_TOKEN set: createOrganization is disabled.');

  const shutdown = (signal: string) => {
    logger.info({ signal, graceMs: config.shutdownGraceMs }, `${signal}: draining`);
    server.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.fatal({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'Loadout failed to start');
  process.exit(1);
});
