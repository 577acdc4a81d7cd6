import { bundleWebPage } from '../bundle-web-page';
import { debuggerAssetsDir } from './debugger-page';

/** Bundles the debugger page for the browser beside its static files, when one of its inputs changed. */
export const buildDebuggerPage = (outDir = debuggerAssetsDir()): Promise<boolean> =>
  bundleWebPage({ source: 'pages/debugger/web', entry: 'main.ts', script: 'debugger.js', static: ['index.html', 'debugger.css'] }, outDir);
