import { bundleWebPage, runPageBuild } from '../bundle-web-page';
import { debuggerAssetsDir } from './debugger-page';

/** Bundles the debugger page for the browser and copies its static files beside the bundle. */
export const buildDebuggerPage = (outDir = debuggerAssetsDir()): Promise<void> =>
  bundleWebPage({ source: 'pages/debugger/web', entry: 'main.ts', script: 'debugger.js', static: ['index.html', 'debugger.css'] }, outDir);

if (require.main === module) runPageBuild('the debugger page', () => buildDebuggerPage());
