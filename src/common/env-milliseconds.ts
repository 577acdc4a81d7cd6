/** A duration setting read from the environment: whole milliseconds from `min` (1 unless said) to an hour, or the fallback when unset. */
export function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > 3_600_000)
    throw new Error(`${name} must be a number of milliseconds from ${min} to 3600000, not '${text}'`);
  return value;
}
