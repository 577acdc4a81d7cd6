import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../src/common/project-root';

/**
 * Fixture files compiled by tsc --strict outside the project (whose
 * typecheck must never see them), with the project's module settings and
 * its node_modules: the SDKs and @types/node as the project has them.
 */
export class TscFixtures {
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsc-fixtures-'));

  constructor() {
    fs.symlinkSync(path.join(projectRoot(), 'node_modules'), path.join(this.dir, 'node_modules'), 'dir');
  }

  /** tsc --noEmit --strict on one file, `fixture.ts` in a folder of its own. */
  compile(name: string, source: string): Promise<{ status: number | null; output: string }> {
    const folder = path.join(this.dir, name);
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'fixture.ts'), source);
    const compilerOptions = { target: 'ES2022', module: 'node16', moduleResolution: 'node16', skipLibCheck: true, types: ['node'] };
    fs.writeFileSync(path.join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['fixture.ts'] }));
    return new Promise((resolve, reject) => {
      const tsc = spawn(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', '.', '--noEmit', '--strict', '--pretty', 'false'], {
        cwd: folder,
      });
      let output = '';
      tsc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      tsc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      tsc.on('error', reject);
      tsc.on('close', (status) => resolve({ status, output }));
    });
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
