import type { IncomingMessage } from 'node:http';
import { createGunzip } from 'node:zlib';

export type BodyRead =
  | { kind: 'ok'; text: string; bytes: number; inflated: boolean }
  | { kind: 'too-large'; inflated: boolean }
  | { kind: 'unsupported-encoding'; encoding: string }
  | { kind: 'not-gzip' }
  | { kind: 'aborted' };

/** The Content-Encodings a body may have besides none: gzip, which takes a real MCP inventory to a tenth of its size. */
const GZIP = new Set(['gzip', 'x-gzip']);

/**
 * Reads a request body of at most `maxBytes`, inflated first when it is
 * gzip: the bound holds on the bytes received and on the bytes inflated, so
 * a small body that would inflate past it (a gzip bomb) is stopped there,
 * never inflated whole. A body over the bound is `too-large` at once, by its
 * Content-Length or as it arrives: the rest is read and dropped, so the
 * client is still listening when it is told 413 rather than seeing its
 * connection reset. A client that goes away is `aborted` (docs/semantics.md §8.5).
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const gunzip = GZIP.has(encoding) ? createGunzip() : null;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (read: BodyRead) => {
      if (settled) return;
      settled = true;
      resolve(read);
    };
    const refuse = (read: BodyRead) => {
      chunks.length = 0;
      req.off('data', onData);
      req.resume();
      gunzip?.destroy();
      settle(read);
    };
    const chunks: Buffer[] = [];
    let received = 0;
    let size = 0;
    const take = (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > maxBytes) refuse({ kind: 'too-large', inflated: gunzip !== null });
      else chunks.push(chunk);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) refuse({ kind: 'too-large', inflated: false });
      else if (gunzip) gunzip.write(chunk);
      else take(chunk);
    };
    const done = () => settle({ kind: 'ok', text: Buffer.concat(chunks).toString('utf8'), bytes: size, inflated: gunzip !== null });
    if (!gunzip && encoding !== 'identity') return refuse({ kind: 'unsupported-encoding', encoding });
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) return refuse({ kind: 'too-large', inflated: false });
    gunzip
      ?.on('data', take)
      .on('end', done)
      .on('error', () => refuse({ kind: 'not-gzip' }));
    req.on('data', onData);
    req.on('end', () => (gunzip ? gunzip.end() : done()));
    const aborted = () => {
      gunzip?.destroy();
      settle({ kind: 'aborted' });
    };
    req.on('error', aborted);
    req.on('close', () => {
      if (!req.complete) aborted();
    });
  });
}
