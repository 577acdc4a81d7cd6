import { bundleWebPage } from '../bundle-web-page';
import { loadoutAssetsDir } from './loadout-page';

/** Bundles the loadout page for the browser beside its static files, when one of its inputs changed. */
export const buildLoadoutPage = (outDir = loadoutAssetsDir()): Promise<boolean> =>
  bundleWebPage({ source: 'pages/loadout/web', entry: 'main.ts', script: 'loadout.js', static: ['index.html', 'loadout.css'] }, outDir);
