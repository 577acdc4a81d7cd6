import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { projectRoot } from '../../common/project-root';
import { CSS, HTML, JAVASCRIPT, SOURCE_MAP, serveStaticAsset, type StaticAsset } from '../static-assets';

/** Where `npm run build` puts the page; served from there so a rebuild needs no restart. */
export const debuggerAssetsDir = (): string => path.join(projectRoot(), 'dist', 'debugger');

const ASSETS: Record<string, StaticAsset> = {
  '/debugger': { file: 'index.html', type: HTML },
  '/debugger/': { file: 'index.html', type: HTML },
  '/debugger/debugger.js': { file: 'debugger.js', type: JAVASCRIPT },
  '/debugger/debugger.js.map': { file: 'debugger.js.map', type: SOURCE_MAP },
  '/debugger/debugger.css': { file: 'debugger.css', type: CSS },
};

export const isDebuggerPath = (pathname: string): boolean => pathname === '/debugger' || pathname.startsWith('/debugger/');

/** Serves the page's fixed set of files; the page itself talks to /graphql with the key the user types in. */
export function serveDebugger(pathname: string, res: ServerResponse): Promise<void> {
  // The page loads only its own files and calls only this server.
  return serveStaticAsset(debuggerAssetsDir(), ASSETS[pathname], res, "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'");
}
