import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../common/project-root';
import { explorerAssetsDir } from './explorer-page';

/** Bundles GraphiQL, React and the page's glue into one script and one stylesheet served by this server. Runs offline. */
export async function buildExplorer(outDir = explorerAssetsDir()): Promise<void> {
  // Loaded here only: esbuild is a build tool and must not be needed by the running server.
  const esbuild = await import('esbuild');
  const web = path.join(projectRoot(), 'src', 'explorer', 'web');
  await esbuild.build({
    entryPoints: [path.join(web, 'explorer.ts')],
    outfile: path.join(outDir, 'explorer.js'),
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    sourcemap: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  fs.copyFileSync(path.join(web, 'index.html'), path.join(outDir, 'index.html'));
}

if (require.main === module) {
  buildExplorer().catch((error) => {
    console.error('Building the GraphQL explorer failed:', error);
    process.exit(1);
  });
}
