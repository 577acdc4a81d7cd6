import 'reflect-metadata';
import { logger } from './common/logger';
import { readConfig } from './config';
import { databaseIsEmpty, seedDemo } from './demo/seed-demo';
import { startServer } from './server/create-server';
import { limitHeapGrowth } from './server/heap-growth';
import { addressLines, existingDataLines, operatorTokenLines } from './startup-messages';

async function main(): Promise<void> {
  const config = readConfig();
  limitHeapGrowth(config.heapGrowthPercent);
  const server = await startServer(config);
  const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`Loadout listening on ${server.url} (${where})`);
  for (const line of addressLines(server.url, config.production)) console.log(line);

  const demoWanted = config.demo === 'always' || (config.demo === 'auto' && !config.databaseUrl);
  const empty = await databaseIsEmpty(server.services);
  if (!empty) {
    const names = (await server.services.organizations.organizationNames()).map((o) => o.name);
    for (const line of existingDataLines(names, !config.databaseUrl)) console.log(line);
  }
  if (demoWanted && empty) {
    const demo = await seedDemo(server.services);
    console.log('Seeded a demo organisation.');
    console.log(`  demo ADMIN key (shown once): ${demo.adminKey}`);
    console.log(`  open ${server.url}/graphql and send the header  Authorization: Bearer ${demo.adminKey}`);
    console.log(`  or open ${server.url}/debugger and paste the key`);
    console.log(
      `  try: query { agents { name toolbox(channel: "web") { toolCount schemaTokens tools { name } dropped { tool { name } reason } } } }`,
    );
  }
  for (const line of operatorTokenLines(config.adminToken, config.adminTokenGenerated)) console.log(line);

  const shutdown = (signal: string) => {
    logger.info({ signal, settleMs: config.shutdownSettleMs, graceMs: config.shutdownGraceMs }, `${signal}: draining`);
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
