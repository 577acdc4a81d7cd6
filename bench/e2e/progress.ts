const started = Date.now();

/** Progress on stderr, so a long run shows it is alive and the table on stdout stays alone. */
export function progress(scenario: string, message: string): void {
  const s = Math.round((Date.now() - started) / 1000);
  process.stderr.write(`[${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}] ${scenario}: ${message}\n`);
}
