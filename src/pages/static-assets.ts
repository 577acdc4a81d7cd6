import fs from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

export interface StaticAsset {
  file: string;
  type: string;
}

export const HTML = 'text/html; charset=utf-8';
export const JAVASCRIPT = 'text/javascript; charset=utf-8';
export const CSS = 'text/css; charset=utf-8';
export const SOURCE_MAP = 'application/json; charset=utf-8';

/**
 * Serves one file of a page `npm run build` bundled into `dir`, read on each
 * request so a rebuild needs no restart; 503 naming the fix when the page is
 * not built.
 */
export async function serveStaticAsset(
  dir: string,
  asset: StaticAsset | undefined,
  res: ServerResponse,
  contentSecurityPolicy: string,
): Promise<void> {
  if (!asset) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    return;
  }
  let body: Buffer;
  try {
    body = await fs.readFile(path.join(dir, asset.file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('This page is not built: run `npm run build`.');
    return;
  }
  res
    .writeHead(200, {
      'content-type': asset.type,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'content-security-policy': contentSecurityPolicy,
    })
    .end(body);
}
