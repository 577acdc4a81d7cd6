import fs from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { projectRoot } from '../common/project-root';

/** Where `npm run build` puts the page; served from there so a rebuild needs no restart. */
export const debuggerAssetsDir = (): string => path.join(projectRoot(), 'dist', 'debugger');

const ASSETS: Record<string, { file: string; type: string }> = {
  '/debugger': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/debugger/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/debugger/debugger.js': { file: 'debugger.js', type: 'text/javascript; charset=utf-8' },
  '/debugger/debugger.js.map': { file: 'debugger.js.map', type: 'application/json; charset=utf-8' },
  '/debugger/debugger.css': { file: 'debugger.css', type: 'text/css; charset=utf-8' },
};

export const isDebuggerPath = (pathname: string): boolean => pathname === '/debugger' || pathname.startsWith('/debugger/');

/** Serves the page's fixed set of files; the page itself talks to /graphql with the key the user types in. */
export async function serveDebugger(pathname: string, res: ServerResponse): Promise<void> {
  const asset = ASSETS[pathname];
  if (!asset) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    return;
  }
  let body: Buffer;
  try {
    body = await fs.readFile(path.join(debuggerAssetsDir(), asset.file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('The debugger page is not built: run `npm run build`.');
    return;
  }
  res
    .writeHead(200, {
      'content-type': asset.type,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      // The page loads only its own files and calls only this server.
      'content-security-policy': "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    })
    .end(body);
}
