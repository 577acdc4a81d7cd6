import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer, type BaseContext } from '@apollo/server';

const MAX_BODY_BYTES = 4 * 1024 * 1024;

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
    const raw = await readBody(req);
    if (raw === null) {
      res.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message: 'Request body too large' }] }));
      return;
    }
    try {
      body = raw.length ? JSON.parse(raw) : undefined;
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message: 'Body is not valid JSON' }] }));
      return;
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

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
