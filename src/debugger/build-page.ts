import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../common/project-root';
import { debuggerAssetsDir } from './debugger-page';

/** Bundles the debugger page for the browser and copies its static files beside the bundle. Runs offline. */
export async function buildDebuggerPage(outDir = debuggerAssetsDir()): Promise<void> {
  // Loaded here only: esbuild is a build tool and must not be needed by the running server.
  const esbuild = await import('esbuild');
  const web = path.join(projectRoot(), 'src', 'debugger', 'web');
  await esbuild.build({
    entryPoints: [path.join(web, 'main.ts')],
    outfile: path.join(outDir, 'debugger.js'),
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    sourcemap: true,
    logLevel: 'warning',
  });
  for (const file of ['index.html', 'debugger.css']) fs.copyFileSync(path.join(web, file), path.join(outDir, file));
}

if (require.main === module) {
  buildDebuggerPage().catch((error) => {
    console.error('Building the debugger page failed:', error);
    process.exit(1);
  });
}
