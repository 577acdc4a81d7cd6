import { getMetadataStorage, validateSync, type ValidationError } from 'class-validator';
import type { ArgOptions, ResolverData } from 'type-graphql';
import { LoadoutError, badInput } from './errors';
import { NOT_AN_ID, notIds } from './id-arguments';
import { inputProblem, textProblem } from './input-text';

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
export function validateArgs(value: unknown, _type: unknown, data: ResolverData<object>): void {
  refuseNotIds(data);
  const { args } = data;
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
  const problems: Problem[] = [];
  for (const [path, item] of items) {
    // Every rule of the project is synchronous.
    if (item !== null && typeof item === 'object') problems.push(...flatten(validateSync(item, OPTIONS), path));
  }
  refuse(problems);
}

/** The arguments of each resolver call whose ids were checked: validation runs once per argument, the check once per call. */
const idsChecked = new WeakSet<object>();

/** BAD_USER_INPUT naming every ID argument or input field that is not an id (see id-arguments.ts), before anything reads them. */
function refuseNotIds({ args, info }: ResolverData<object>): void {
  if (idsChecked.has(args)) return;
  idsChecked.add(args);
  refuse(notIds(info, args).map((path) => ({ path, messages: [NOT_AN_ID] })));
}

/** A field of an input and what is wrong with it. */
export interface Problem {
  path: string;
  messages: string[];
}

/** BAD_USER_INPUT naming every bad field, the first as `extensions.field`. */
function refuse(problems: readonly Problem[]): void {
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
 * item is validated. `checkItems` takes class-validator's place for a list
 * whose items are many and whose rules are few (a batch of tool calls):
 * after the same text and nesting check, it says what is wrong with each.
 */
export function listArgument<T extends object>(
  name: string,
  max: number,
  checkItems?: (items: readonly T[], path: string) => Problem[],
): ArgOptions {
  return {
    validateFn: (value, type, data) => {
      if (Array.isArray(value) && value.length > max) throw badInput(name, `must have at most ${max} items, not ${value.length}`);
      refuseNotIds(data);
      if (!checkItems || !Array.isArray(value)) return validateArgs(value, type, data);
      const shape = inputProblem(value, name);
      if (shape) throw badInput(shape.field, shape.message);
      refuse(checkItems(value as T[], name));
    },
  };
}

/**
 * A list argument whose items the service reads one by one, refusing each
 * bad one alone (an MCP inventory, docs/semantics.md §8.4): only its length
 * and the call's ids are checked here, and the service checks each item's
 * text and nesting before it walks it.
 */
export function entriesArgument(name: string, max: number): ArgOptions {
  return {
    validateFn: (value, _type, data) => {
      if (Array.isArray(value) && value.length > max) throw badInput(name, `must have at most ${max} items, not ${value.length}`);
      refuseNotIds(data);
    },
  };
}

/**
 * type-graphql hands over the converted value, not its name: find the
 * argument it came from by comparing a level or two (never a full walk: the
 * input is not yet known to be shallow).
 */
function argumentName(args: Record<string, unknown>, value: object): string {
  const names = Object.keys(args);
  if (names.length === 1) return names[0];
  return names.find((name) => similar(args[name], value, 2)) ?? 'input';
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

function flatten(errors: ValidationError[], prefix: string): Problem[] {
  return errors.flatMap((e) => {
    const path = /^\d+$/.test(e.property) ? `${prefix}[${e.property}]` : `${prefix}.${e.property}`;
    const messages = Object.values(e.constraints ?? {}).map((m) => m.replace(new RegExp(`^${e.property} `), ''));
    return [...(messages.length ? [{ path, messages }] : []), ...flatten(e.children ?? [], path)];
  });
}
