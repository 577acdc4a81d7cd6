import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './load-spec';
import { Prng } from './prng';
import { nextRequest } from './request-bodies';

/** Parsed rather than searched, so a tool named "errors" is not one; a body that is not JSON is a failure too. */
function carriesErrors(body: string): boolean {
  try {
    return (JSON.parse(body) as { errors?: unknown }).errors !== undefined;
  } catch {
    return true;
  }
}

/**
 * Child process: drives one load with autocannon against 127.0.0.1, apart
 * from the bench's own process so its work does not share the server's
 * event loop, and prints the result as one JSON line.
 */
async function main(): Promise<void> {
  const spec = JSON.parse(readFileSync(process.argv[2], 'utf8')) as LoadSpec;
  const rng = new Prng(spec.seed);
  let graphqlErrors = 0;
  let sampleFailure: string | null = null;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (spec.authorization) headers.authorization = spec.authorization;
  if (spec.plan.kind === 'toolbox' && spec.plan.fresh) headers['cache-control'] = 'no-cache';

  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.durationSeconds,
    timeout: 60,
    method: 'POST',
    headers,
    requests: [
      {
        setupRequest: (request) => {
          const next = nextRequest(rng, spec.plan);
          return next.authorization
            ? { ...request, body: next.body, headers: { ...headers, authorization: next.authorization } }
            : { ...request, body: next.body };
        },
        onResponse: (status, body) => {
          const failed = status < 200 || status >= 300;
          const hasErrors = !failed && carriesErrors(body);
          if (hasErrors) graphqlErrors++;
          if ((failed || hasErrors) && sampleFailure === null) sampleFailure = `HTTP ${status}: ${body.slice(0, 300)}`;
        },
      },
    ],
  });

  const out: LoadResult = {
    durationSeconds: result.duration,
    okPerSecond: (result['2xx'] - graphqlErrors) / result.duration,
    latencyP99Ms: result.latency.p99,
    latencyMeanMs: result.latency.mean,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    graphqlErrors,
    sampleFailure,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
