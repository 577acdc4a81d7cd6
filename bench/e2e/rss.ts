import { readFileSync } from 'node:fs';

/** Resident set size of a process in MB, from /proc (Linux); null once it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every 100 ms while a load runs; VmHWM would include the world build before it. */
export class RssSampler {
  private peak = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    intervalMs = 100,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  private sample(): void {
    this.peak = Math.max(this.peak, rssMb(this.pid) ?? 0);
  }

  /** The peak in MB. */
  stop(): number {
    clearInterval(this.timer);
    this.sample();
    return this.peak;
  }
}
