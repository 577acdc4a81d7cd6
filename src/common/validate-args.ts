import { validate, type ValidationError } from 'class-validator';
import type { ArgOptions, ResolverData } from 'type-graphql';
import { LoadoutError, badInput } from './errors';
import { inputProblem, textProblem } from './input-text';

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
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) throw badInput(Object.keys(args).find((name) => args[name] === value) ?? 'input', problem);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const root = argumentName(args, value);
  // Text and nesting first: class-validator and the JSON Schema check walk inputs recursively.
  const shape = inputProblem(value, root);
  if (shape) throw badInput(shape.field, shape.message);
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

/**
 * A list argument of at most `max` items, refused by its length before any
 * item is validated.
 */
export function listArgument(name: string, max: number): ArgOptions {
  return {
    validateFn: async (value, type, data) => {
      if (Array.isArray(value) && value.length > max) throw badInput(name, `must have at most ${max} items, not ${value.length}`);
      await validateArgs(value, type, data);
    },
  };
}

/**
 * type-graphql hands over the converted value, not its name: find the
 * argument it came from by comparing a level or two (never a full walk: the
 * input is not yet known to be shallow).
 */
function argumentName(args: Record<string, unknown>, value: object): string {
  return Object.keys(args).find((name) => similar(args[name], value, 2)) ?? 'input';
}

function similar(a: unknown, b: unknown, levels: number): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    return typeof x === 'object' && x !== null ? levels === 0 || similar(x, y, levels - 1) : x === y;
  });
}

function flatten(errors: ValidationError[], prefix: string): Array<{ path: string; messages: string[] }> {
  return errors.flatMap((e) => {
    const path = /^\d+$/.test(e.property) ? `${prefix}[${e.property}]` : `${prefix}.${e.property}`;
    const messages = Object.values(e.constraints ?? {}).map((m) => m.replace(new RegExp(`^${e.property} `), ''));
    return [...(messages.length ? [{ path, messages }] : []), ...flatten(e.children ?? [], path)];
  });
}
