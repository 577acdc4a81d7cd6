import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { projectRoot } from '../../common/project-root';
import { CSS, HTML, JAVASCRIPT, SOURCE_MAP, serveStaticAsset, type StaticAsset } from '../static-assets';

/** Where `npm run build` puts the explorer (GraphiQL and React bundled by esbuild: nothing comes from a CDN). */
export const explorerAssetsDir = (): string => path.join(projectRoot(), 'dist', 'explorer');

const PAGE: StaticAsset = { file: 'index.html', type: HTML };
const ASSETS: Record<string, StaticAsset> = {
  '/explorer/explorer.js': { file: 'explorer.js', type: JAVASCRIPT },
  '/explorer/explorer.js.map': { file: 'explorer.js.map', type: SOURCE_MAP },
  '/explorer/explorer.css': { file: 'explorer.css', type: CSS },
};

// GraphiQL's editors set inline styles and its fonts and icons are data: URLs; everything else is this server's.
const POLICY = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; frame-ancestors 'none'";

export const isExplorerAsset = (pathname: string): boolean => pathname.startsWith('/explorer/');

/** A browser opening /graphql (a GET that accepts HTML and carries no query) gets the explorer page. */
export function wantsExplorer(req: IncomingMessage): boolean {
  return req.method === 'GET' && !(req.url ?? '').includes('?') && (req.headers.accept ?? '').includes('text/html');
}

export function serveExplorer(pathname: string, res: ServerResponse): Promise<void> {
  return serveStaticAsset(explorerAssetsDir(), pathname === '/graphql' ? PAGE : ASSETS[pathname], res, POLICY);
}
