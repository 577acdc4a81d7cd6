import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../common/project-root';

export interface WebPage {
  /** The page's sources under src/: its entry script and the static files copied beside the bundle. */
  source: string;
  entry: string;
  static: readonly string[];
  /** The bundle's file name in `outDir`. */
  script: string;
  define?: Record<string, string>;
}

/** Bundles a page this server serves (the debugger, the explorer) into one script beside its static files. Runs offline. */
export async function bundleWebPage(page: WebPage, outDir: string): Promise<void> {
  // Loaded here only: esbuild is a build tool and must not be needed by the running server.
  const esbuild = await import('esbuild');
  const web = path.join(projectRoot(), 'src', page.source);
  await esbuild.build({
    entryPoints: [path.join(web, page.entry)],
    outfile: path.join(outDir, page.script),
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    sourcemap: true,
    define: page.define,
    logLevel: 'warning',
  });
  for (const file of page.static) fs.copyFileSync(path.join(web, file), path.join(outDir, file));
}

/** The command line of a page's build script: bundle it, or say why not and exit 1. */
export function runPageBuild(what: string, build: () => Promise<void>): void {
  build().catch((error) => {
    console.error(`Building ${what} failed:`, error);
    process.exit(1);
  });
}
