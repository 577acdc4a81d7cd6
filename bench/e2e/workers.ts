import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TimeoutError } from './http';
import type { LoadResult, LoadSpec } from './load-spec';
import { childScript } from './paths';
import type { RawResult, RawSpec } from './raw-spec';

/** Time a worker gets beyond its own duration: start-up, connecting, the last requests in flight. */
const GRACE_MS = 120_000;

/**
 * Runs a worker script as its own process with the spec in a JSON file and
 * returns the JSON line it prints; killed (and a TimeoutError) past the deadline.
 */
async function runWorker<T>(name: 'load-worker' | 'raw-worker', spec: unknown, timeoutMs: number): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'loadout-bench-'));
  const file = path.join(dir, 'spec.json');
  writeFileSync(file, JSON.stringify(spec));
  try {
    return await new Promise<T>((resolve, reject) => {
      const child = spawn(process.execPath, [childScript(name), file], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new TimeoutError(`timeout: ${name} still running after ${timeoutMs / 1000} s`));
      }, timeoutMs);
      child.once('error', reject);
      child.once('exit', (code) => {
        clearTimeout(timer);
        const last = stdout.trim().split('\n').pop() ?? '';
        if (code === 0 && last) resolve(JSON.parse(last) as T);
        else reject(new Error(`${name} exited with ${code}: ${stderr.trim().slice(-500)}`));
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const runLoad = (spec: LoadSpec): Promise<LoadResult> => runWorker('load-worker', spec, spec.durationSeconds * 1000 + GRACE_MS);

export const runRaw = (spec: RawSpec): Promise<RawResult> => runWorker('raw-worker', spec, spec.durationSeconds * 1000 + GRACE_MS);
