import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataDirHolder, DataDirHeldError, holdDataDir } from './data-dir-lock';

describe('the embedded data directory, one process at a time', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loadout-lock-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is held from open to release, and refused to a second opener meanwhile', () => {
    expect(dataDirHolder(dir)).toBeNull();
    const release = holdDataDir(dir);
    expect(dataDirHolder(dir)).toBe(process.pid);
    expect(() => holdDataDir(dir)).toThrow(DataDirHeldError);
    release();
    release();
    expect(dataDirHolder(dir)).toBeNull();
    holdDataDir(dir)();
  });

  it("names another live process's hold, and takes over one whose process is gone", () => {
    const file = path.join(dir, 'loadout.pid');
    fs.writeFileSync(file, String(process.ppid));
    expect(dataDirHolder(dir)).toBe(process.ppid);
    expect(() => holdDataDir(dir)).toThrow(`held by process ${process.ppid}`);
    // A process that has exited: its pid names no one.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    fs.writeFileSync(file, gone);
    expect(dataDirHolder(dir)).toBeNull();
    const release = holdDataDir(dir);
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(file)).toBe(false);
  });
});
