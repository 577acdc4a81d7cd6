import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import type { RequestContext } from '../common/context';
import { Kind, parse } from 'graphql';
import { readBody } from './http-body';
import { TOO_MANY_TOKENS } from './operation-policy';
import { QUERY_LIMITS, exceedsTokenLimit } from './query-limits';
import type { AnswerReuse, ReusableRequest } from './answer-reuse';

const refusal = (res: ServerResponse, status: number, code: string, message: string): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
};

const tooLarge = (inflated: boolean): string =>
  `Request body larger than ${QUERY_LIMITS.maxBodyBytes} bytes${inflated ? ' once inflated' : ''} ` +
  `(reportMcpTools and reportMcpInventory: ${QUERY_LIMITS.maxInventoryBodyBytes})`;

/** The mutations whose argument is a server's whole inventory, the one request that cannot be sent in parts. */
const INVENTORY_FIELDS = new Set(['reportMcpTools', 'reportMcpInventory', '__typename']);

/** Whether every operation of the body's document is a mutation of inventory reports alone: what may take the larger body. */
function onlyInventoryReports(body: unknown): boolean {
  const query = (body as { query?: unknown } | null)?.query;
  if (typeof query !== 'string' || exceedsTokenLimit(query)) return false;
  try {
    return parse(query).definitions.every(
      (d) =>
        d.kind === Kind.OPERATION_DEFINITION &&
        d.operation === 'mutation' &&
        d.selectionSet.selections.every((s) => s.kind === Kind.FIELD && INVENTORY_FIELDS.has(s.name.value)),
    );
  } catch {
    return false;
  }
}

/** Apollo on plain node:http, so graphql-ws can share the same server and path. */
export async function handleGraphQL(
  apollo: ApolloServer<RequestContext>,
  req: IncomingMessage,
  res: ServerResponse,
  context: () => Promise<RequestContext>,
  reuse?: { answers: AnswerReuse; startedAt: number },
): Promise<void> {
  // The query string as it came: no URL object per request on the hottest route.
  const target = req.url ?? '/';
  const search = target.includes('?') ? target.slice(target.indexOf('?')) : '';
  const method = req.method ?? 'GET';
  let body: unknown = undefined;
  let reusable: ReusableRequest | null = null;
  if (method === 'GET' && reuse) {
    reusable = reuse.answers.reusable(req, method, search);
    if (reusable && reuse.answers.serve(reusable, req, res, reuse.startedAt)) return;
  }
  if (method === 'POST') {
    const read = await readBody(req, QUERY_LIMITS.maxInventoryBodyBytes);
    if (read.kind === 'aborted') return;
    if (read.kind === 'too-large') return refusal(res, 413, 'BAD_REQUEST', tooLarge(read.inflated));
    if (read.kind === 'unsupported-encoding') {
      res.setHeader('accept-encoding', 'gzip');
      return refusal(res, 415, 'BAD_REQUEST', `Content-Encoding '${read.encoding.slice(0, 40)}' is not taken: send gzip or no encoding`);
    }
    if (read.kind === 'not-gzip') return refusal(res, 400, 'BAD_REQUEST', 'Body is not valid gzip');
    // Before parsing: a request answered before is given that answer, if still current, as it was sent.
    if (reuse) {
      reusable = reuse.answers.reusable(req, method, read.text);
      if (reusable && reuse.answers.serve(reusable, req, res, reuse.startedAt)) return;
    }
    try {
      body = read.text.length ? JSON.parse(read.text) : undefined;
    } catch {
      return refusal(res, 400, 'BAD_REQUEST', 'Body is not valid JSON');
    }
    if (read.bytes > QUERY_LIMITS.maxBodyBytes && !onlyInventoryReports(body)) {
      return refusal(res, 413, 'BAD_REQUEST', tooLarge(read.inflated));
    }
    // Before the key is looked up: an oversized document costs nothing but this count, key or not.
    const query = (body as { query?: unknown } | undefined)?.query;
    if (typeof query === 'string' && exceedsTokenLimit(query)) {
      return refusal(res, 400, 'GRAPHQL_VALIDATION_FAILED', TOO_MANY_TOKENS);
    }
  }
  // Only for the requests Apollo answers: a kept answer never needs it.
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  let made: RequestContext | undefined;
  const response = await apollo.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method, headers, search, body },
    context: reusable ? async () => (made = await context()) : context,
  });
  for (const [key, value] of response.headers) res.setHeader(key, value);
  res.statusCode = response.status ?? 200;
  if (response.body.kind === 'complete') {
    const text = response.body.string;
    const etag = reusable && reuse!.answers.keep(reusable, made, response.status, [...response.headers], text);
    if (etag) return reuse!.answers.finish(req, res, etag, text);
    res.end(text);
    return;
  }
  for await (const chunk of response.body.asyncIterator) res.write(chunk);
  res.end();
}
