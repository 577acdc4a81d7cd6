/** A duration setting read from the environment: whole milliseconds from 1 to an hour, or the fallback when unset. */
export function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 3_600_000)
    throw new Error(`${name} must be a number of milliseconds from 1 to 3600000, not '${text}'`);
  return value;
}
