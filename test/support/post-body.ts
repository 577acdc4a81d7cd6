import { gzipSync } from 'node:zlib';
import type { GraphQLResult } from './harness';

/** How a raw body goes: gzipped (Content-Encoding gzip), or with some other Content-Encoding as it is. */
export interface BodyOptions {
  key?: string | null;
  gzip?: boolean;
  encoding?: string;
}

/** One POST of a raw body to /graphql: the status, the Accept-Encoding answered, and the parsed JSON. */
export async function postBody(
  url: string,
  body: string | Buffer,
  { key = null, gzip = false, encoding }: BodyOptions = {},
): Promise<{ status: number; acceptEncoding: string | null; json: GraphQLResult }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  if (gzip || encoding) headers['content-encoding'] = encoding ?? 'gzip';
  const payload = gzip ? gzipSync(body) : body;
  const res = await fetch(url, { method: 'POST', headers, body: typeof payload === 'string' ? payload : new Uint8Array(payload) });
  return { status: res.status, acceptEncoding: res.headers.get('accept-encoding'), json: (await res.json()) as GraphQLResult };
}
