import { createHash } from 'node:crypto';
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

/**
 * What a bundle in `outDir` was made from: the page's settings and the
 * lock file (the bundled packages' versions) as `key`, and every project file
 * esbuild read, or copied beside it, with its content's hash.
 */
interface Stamp {
  key: string;
  inputs: Record<string, string>;
}

const STAMP = '.inputs.json';

const hashOf = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');
const hashOfFile = (file: string): string | null => (fs.existsSync(file) ? hashOf(fs.readFileSync(file)) : null);

function readStamp(outDir: string): Stamp | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, STAMP), 'utf8')) as Stamp;
  } catch {
    return null;
  }
}

/** Whether `outDir` holds the page bundled from the inputs as they are now. */
function upToDate(page: WebPage, outDir: string, key: string, root: string): boolean {
  const stamp = readStamp(outDir);
  if (stamp?.key !== key) return false;
  if (![page.script, ...page.static].every((file) => fs.existsSync(path.join(outDir, file)))) return false;
  return Object.entries(stamp.inputs).every(([file, hash]) => hashOfFile(path.join(root, file)) === hash);
}

/**
 * Bundles a page this server serves (the debugger, the explorer) into one
 * script beside its static files, unless `outDir` already holds it bundled
 * from the same inputs. Runs offline. Answers whether it bundled.
 */
export async function bundleWebPage(page: WebPage, outDir: string): Promise<boolean> {
  const root = projectRoot();
  const key = hashOf(JSON.stringify(page) + (hashOfFile(path.join(root, 'package-lock.json')) ?? ''));
  if (upToDate(page, outDir, key, root)) return false;
  // Loaded here only: esbuild is a build tool and must not be needed by the running server.
  const esbuild = await import('esbuild');
  const web = path.join('src', page.source);
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join(web, page.entry)],
    outfile: path.join(outDir, page.script),
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    sourcemap: true,
    define: page.define,
    logLevel: 'warning',
    metafile: true,
  });
  for (const file of page.static) fs.copyFileSync(path.join(root, web, file), path.join(outDir, file));
  // Packages change only with the lock file, which is in the key.
  const read = Object.keys(result.metafile.inputs).filter((file) => !file.split('/').includes('node_modules'));
  const inputs = Object.fromEntries(
    [...read, ...page.static.map((file) => path.join(web, file))].map((file) => [file, hashOfFile(path.join(root, file)) ?? '']),
  );
  fs.writeFileSync(path.join(outDir, STAMP), JSON.stringify({ key, inputs } satisfies Stamp));
  return true;
}
