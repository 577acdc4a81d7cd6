/**
 * Every numeric setting is read by this one parser: plain decimal digits
 * only, so `1e3`, `0x100`, `" 256 "` or `12.5` are refused rather than read
 * as some number the operator did not write.
 */
export interface WholeNumberRule {
  /** Used when the setting is unset or empty. */
  fallback: number;
  min: number;
  max: number;
  /** How the error counts the number ("milliseconds", "days", "MB"); null: it is a count of nothing (a port). */
  unit: string | null;
  /** A value outside min..max still allowed (a setting's "off"). */
  also?: number;
}

export function wholeNumber(env: NodeJS.ProcessEnv, name: string, rule: WholeNumberRule): number {
  const text = env[name];
  if (text === undefined || text === '') return rule.fallback;
  const value = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (value === rule.also) return value;
  if (!(value >= rule.min && value <= rule.max)) {
    const what = rule.unit === null ? 'a whole number' : `a whole number of ${rule.unit}`;
    const range = `${rule.also !== undefined ? `${rule.also} or ` : ''}${what} from ${rule.min} to ${rule.max}`;
    throw new Error(`${name} must be ${range}, not '${text}'`);
  }
  return value;
}

/** A duration setting: whole milliseconds from `min` (1 unless said) to an hour. */
export const milliseconds = (env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number =>
  wholeNumber(env, name, { fallback, min, max: 3_600_000, unit: 'milliseconds' });
