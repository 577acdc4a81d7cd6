import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer, type BaseContext } from '@apollo/server';
import { readBody } from './http-limits';
import { TOO_MANY_TOKENS } from './operation-policy';
import { QUERY_LIMITS, exceedsTokenLimit } from './query-limits';

const refusal = (res: ServerResponse, status: number, code: string, message: string): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
};

/** Apollo on plain node:http, so graphql-ws can share the same server and path. */
export async function handleGraphQL<C extends BaseContext>(
  apollo: ApolloServer<C>,
  req: IncomingMessage,
  res: ServerResponse,
  context: () => Promise<C>,
): Promise<void> {
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // The query string as it came: no URL object per request on the hottest route.
  const target = req.url ?? '/';
  const search = target.includes('?') ? target.slice(target.indexOf('?')) : '';
  let body: unknown = undefined;
  if (req.method === 'POST') {
    const read = await readBody(req, QUERY_LIMITS.maxBodyBytes);
    if (read.kind === 'aborted') return;
    if (read.kind === 'too-large') {
      return refusal(res, 413, 'BAD_REQUEST', `Request body larger than ${QUERY_LIMITS.maxBodyBytes} bytes`);
    }
    try {
      body = read.text.length ? JSON.parse(read.text) : undefined;
    } catch {
      return refusal(res, 400, 'BAD_REQUEST', 'Body is not valid JSON');
    }
    // Before the key is looked up: an oversized document costs nothing but this count, key or not.
    const query = (body as { query?: unknown } | undefined)?.query;
    if (typeof query === 'string' && exceedsTokenLimit(query)) {
      return refusal(res, 400, 'GRAPHQL_VALIDATION_FAILED', TOO_MANY_TOKENS);
    }
  }
  const response = await apollo.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method: req.method ?? 'GET', headers, search, body },
    context,
  });
  for (const [key, value] of response.headers) res.setHeader(key, value);
  res.statusCode = response.status ?? 200;
  if (response.body.kind === 'complete') {
    res.end(response.body.string);
    return;
  }
  for await (const chunk of response.body.asyncIterator) res.write(chunk);
  res.end();
}
