import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { projectRoot } from '../../common/project-root';
import { CSS, HTML, JAVASCRIPT, SOURCE_MAP, serveStaticAsset, type StaticAsset } from '../static-assets';

/** Where `npm run build` puts the page; served from there so a rebuild needs no restart. */
export const loadoutAssetsDir = (): string => path.join(projectRoot(), 'dist', 'loadout');

const ASSETS: Record<string, StaticAsset> = {
  '/loadout': { file: 'index.html', type: HTML },
  '/loadout/': { file: 'index.html', type: HTML },
  '/loadout/loadout.js': { file: 'loadout.js', type: JAVASCRIPT },
  '/loadout/loadout.js.map': { file: 'loadout.js.map', type: SOURCE_MAP },
  '/loadout/loadout.css': { file: 'loadout.css', type: CSS },
};

export const isLoadoutPath = (pathname: string): boolean => pathname === '/loadout' || pathname.startsWith('/loadout/');

/**
 * Serves the Agent Runtime Preview and Tools page; it uses the debugger's
 * stylesheet (the house style) beside its own, talks to /graphql over HTTP,
 * and to the same path over graphql-ws for live events.
 */
export function serveLoadoutPage(pathname: string, res: ServerResponse): Promise<void> {
  return serveStaticAsset(loadoutAssetsDir(), ASSETS[pathname], res, "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'");
}
