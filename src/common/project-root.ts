import fs from 'node:fs';
import path from 'node:path';

/** The folder holding package.json, whether running from src/ (tests) or dist/src/ (npm start). */
export function projectRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + __dirname);
    dir = parent;
  }
  return dir;
}
