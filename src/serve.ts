import 'reflect-metadata';
import { logger } from './common/logger';
import { readConfig } from './config';
import { databaseIsEmpty, seedDemo } from './demo/seed-demo';
import { databaseDescription, startServer } from './server/create-server';
import { limitHeapGrowth } from './server/heap-growth';
import { addressLines, demoLines, existingDataLines, exportLines, operatorTokenLines, stepLine, tracingLines } from './startup-messages';
import type { Tracing } from './telemetry/start-tracing';

/** `npm start` once main.ts has started tracing, or found it off: the server, the demo, the banner, the drain. */
export async function serve(tracing: Tracing | null): Promise<void> {
  const config = readConfig();
  limitHeapGrowth(config.heapGrowthPercent);
  const server = await startServer(config, (step, ms, detail) => console.log(stepLine(step, ms, detail)));
  console.log(`Loadout listening on ${server.url} (${databaseDescription(config)})`);
  for (const line of addressLines(server.url, config.production)) console.log(line);
  for (const line of tracingLines(tracing?.endpoint ?? null, config.tracing.serviceName)) console.log(line);

  const demoWanted = config.demo === 'always' || (config.demo === 'auto' && !config.databaseUrl);
  const empty = await databaseIsEmpty(server.services);
  if (!empty) {
    const names = (await server.services.organizations.organizationNames()).map((o) => o.name);
    for (const line of existingDataLines(names, !config.databaseUrl)) console.log(line);
  }
  let adminKey: string | null = null;
  if (demoWanted && empty) {
    const seeding = performance.now();
    adminKey = (await seedDemo(server.services)).adminKey;
    console.log(stepLine('demo seeded', performance.now() - seeding, 'two agents and five weeks of their history'));
    for (const line of demoLines(server.url)) console.log(line);
  }
  for (const line of operatorTokenLines(config.adminToken, config.adminTokenGenerated)) console.log(line);
  console.log(stepLine('ready', process.uptime() * 1000));
  for (const line of exportLines(server.url, adminKey)) console.log(line);

  const shutdown = (signal: string) => {
    logger.info({ signal, settleMs: config.shutdownSettleMs, graceMs: config.shutdownGraceMs }, `${signal}: draining`);
    // The spans of the drain's last requests are exported before the process exits.
    server
      .stop()
      .then(() => tracing?.stop())
      .then(
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
