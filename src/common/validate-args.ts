import { getMetadataStorage, validateSync, type ValidationError } from 'class-validator';
import type { ResolverData } from 'type-graphql';
import { LoadoutError } from './errors';

const OPTIONS = {
  // Optional input fields are absent more often than not; GraphQL itself enforces the required ones.
  skipMissingProperties: true,
  forbidUnknownValues: false,
};

/**
 * class-validator looks a class's rules up on every validation by scanning
 * every class it knows (for inherited rules): most of the cost of a list of
 * 500 inputs. Rules are fixed once the schema's classes are loaded, so one
 * lookup per class and options is kept. Groups are never used here.
 */
const storage = getMetadataStorage();
const lookUpRules = storage.getTargetValidationMetadatas.bind(storage);
const rulesByClass = new Map<unknown, Map<string, ReturnType<typeof lookUpRules>>>();
storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
  if (groups?.length) return lookUpRules(target, schema, always, strictGroups, groups);
  const options = `${schema}\u0000${always}\u0000${strictGroups}`;
  let ofClass = rulesByClass.get(target);
  if (!ofClass) rulesByClass.set(target, (ofClass = new Map()));
  let rules = ofClass.get(options);
  if (!rules) ofClass.set(options, (rules = lookUpRules(target, schema, always, strictGroups, groups)));
  return rules;
};

/**
 * type-graphql's validateFn: class-validator rules on every input argument,
 * reported as BAD_USER_INPUT with each bad field named by its full path from
 * the operation's arguments, the same paths services use for their own checks.
 */
export function validateArgs(value: unknown, _type: unknown, { args }: ResolverData<object>): void {
  if (value === null || typeof value !== 'object') return;
  const root = argumentName(args, value);
  const items: Array<[string, unknown]> = Array.isArray(value) ? value.map((v, i) => [`${root}[${i}]`, v]) : [[root, value]];
  const problems: Array<{ path: string; messages: string[] }> = [];
  for (const [path, item] of items) {
    // Every rule of the project is synchronous.
    if (item !== null && typeof item === 'object') problems.push(...flatten(validateSync(item, OPTIONS), path));
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
  const names = Object.keys(args);
  if (names.length === 1) return names[0];
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
