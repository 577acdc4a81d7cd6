import { validate, type ValidationError } from 'class-validator';
import type { ResolverData } from 'type-graphql';
import { LoadoutError } from './errors';

const OPTIONS = {
  // Optional input fields are absent more often than not; GraphQL itself enforces the required ones.
  skipMissingProperties: true,
  forbidUnknownValues: false,
};

/**
 * type-graphql's validateFn: class-validator rules on every input argument,
 * reported as BAD_USER_INPUT with each bad field named by its full path from
 * the operation's arguments, the same paths services use for their own checks.
 */
export async function validateArgs(value: unknown, _type: unknown, { args }: ResolverData<object>): Promise<void> {
  if (value === null || typeof value !== 'object') return;
  const root = argumentName(args, value);
  const items: Array<[string, unknown]> = Array.isArray(value) ? value.map((v, i) => [`${root}[${i}]`, v]) : [[root, value]];
  const problems: Array<{ path: string; messages: string[] }> = [];
  for (const [path, item] of items) {
    if (item !== null && typeof item === 'object') problems.push(...flatten(await validate(item, OPTIONS), path));
  }
  if (problems.length === 0) return;
  const message = problems.map((p) => `${p.path}: ${p.messages.join(', ')}`).join('; ');
  throw new LoadoutError(
    'BAD_USER_INPUT',
    `Invalid input: ${message}`,
    problems[0].path,
    problems.map((p) => p.path),
  );
}

/** type-graphql hands over the converted value, not its name: find the argument it came from. */
function argumentName(args: Record<string, unknown>, value: object): string {
  const json = JSON.stringify(value);
  return Object.keys(args).find((name) => JSON.stringify(args[name]) === json) ?? 'input';
}

function flatten(errors: ValidationError[], prefix: string): Array<{ path: string; messages: string[] }> {
  return errors.flatMap((e) => {
    const path = /^\d+$/.test(e.property) ? `${prefix}[${e.property}]` : `${prefix}.${e.property}`;
    const messages = Object.values(e.constraints ?? {}).map((m) => m.replace(new RegExp(`^${e.property} `), ''));
    return [...(messages.length ? [{ path, messages }] : []), ...flatten(e.children ?? [], path)];
  });
}
