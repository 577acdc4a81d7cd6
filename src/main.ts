import { logger } from './common/logger';
import { startTracing } from './telemetry/start-tracing';
import { readTracingSettings } from './telemetry/tracing-settings';

// The instrumentations patch node:http, pg and graphql as they are loaded, so tracing starts before
// the server's modules are imported (docs/operations.md, "Tracing"); the logger needs none of them.
async function main(): Promise<void> {
  const tracing = await startTracing(readTracingSettings(process.env));
  const { serve } = await import('./serve.js');
  await serve(tracing);
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'Loadout failed to start');
  process.exit(1);
});
