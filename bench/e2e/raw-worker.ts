import { readFileSync } from 'node:fs';
import { Pool } from 'pg';
import { pgConfig } from './database';
import { Prng } from './prng';
import { addCallsRaw, beginTurnRaw } from './raw-sql';
import type { RawResult, RawSpec } from './raw-spec';

/**
 * Child process: the raw-SQL baseline, the same writes as the API's with a
 * `pg` pool of `concurrency` clients at the same concurrency, for a fixed
 * duration; prints the result as one JSON line.
 */
async function main(): Promise<void> {
  const spec = JSON.parse(readFileSync(process.argv[2], 'utf8')) as RawSpec;
  const { plan } = spec;
  const pool = new Pool({ ...pgConfig(spec.databaseUrl), max: spec.concurrency });
  let operations = 0;
  let failures = 0;
  let sampleFailure: string | null = null;
  const start = Date.now();
  const deadline = start + spec.durationSeconds * 1000;
  const lane = async (index: number) => {
    const rng = new Prng(spec.seed + index);
    while (Date.now() < deadline) {
      const client = await pool.connect();
      try {
        if (plan.kind === 'beginTurn') await beginTurnRaw(client, plan.organizationId, rng.pick(plan.conversations));
        else await addCallsRaw(client, plan.organizationId, rng, plan.calls);
        operations++;
      } catch (error) {
        failures++;
        sampleFailure ??= String(error);
      } finally {
        client.release();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: spec.concurrency }, (_, i) => lane(i)));
  } finally {
    await pool.end();
  }
  const durationSeconds = (Date.now() - start) / 1000;
  const out: RawResult = { durationSeconds, operations, operationsPerSecond: operations / durationSeconds, failures, sampleFailure };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
