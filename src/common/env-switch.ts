/** An on/off setting: `on` or `off`, or the fallback when unset. Imports nothing, so tracing's settings can read one before anything is instrumented. */
export function readSwitch(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (text === 'on' || text === 'off') return text === 'on';
  throw new Error(`${name} must be on or off, not '${text}'`);
}
