/**
 * Checks every string and object key of an input, and its nesting, before
 * anything else walks it. PostgreSQL refuses NUL in text and JSON, and a lone
 * surrogate cannot be stored as UTF-8 at all, so both are refused here
 * rather than failing in the database; a bound on nesting keeps every later
 * recursive walk (validation, canonical JSON) far from the stack's limit.
 */

/** Deeper than any real tool's input schema (each schema level is two JSON levels) with room to spare. */
export const INPUT_DEPTH_MAX = 64;

const UNSAFE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored as given, or null. */
export function textProblem(text: string): string | null {
  if (!UNSAFE.test(text)) return null;
  return text.includes('\0') ? 'must not contain NUL characters' : 'must be valid Unicode text (it has a lone surrogate)';
}

interface Step {
  value: unknown;
  key: string | number | null;
  parent: Step | null;
  depth: number;
}

/** A field path is quoted back to the client: an input's own keys in it are cut short. */
const PATH_MAX = 300;

const pathOf = (step: Step, root: string): string => {
  const keys: Array<string | number> = [];
  for (let s: Step | null = step; s && s.key !== null; s = s.parent) keys.push(s.key);
  const path = keys.reverse().reduce<string>((path, key) => (typeof key === 'number' ? `${path}[${key}]` : `${path}.${key}`), root);
  return path.length > PATH_MAX ? `${path.slice(0, PATH_MAX)}…` : path;
};

/**
 * The first problem of an input value with the path of the string, key or
 * object at fault (from `root`), or null. Iterative, so no input is too deep
 * to be refused.
 */
export function inputProblem(value: unknown, root: string): { field: string; message: string } | null {
  const stack: Step[] = [{ value, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { value: current } = step;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { field: pathOf(step, root), message: problem };
      continue;
    }
    if (current === null || typeof current !== 'object' || current instanceof Date) continue;
    if (step.depth >= INPUT_DEPTH_MAX) return { field: pathOf(step, root), message: `must nest at most ${INPUT_DEPTH_MAX} levels` };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: step, depth: step.depth + 1 });
      continue;
    }
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      const problem = textProblem(key);
      if (problem) return { field: pathOf(step, root), message: `has a key that ${problem}` };
      stack.push({ value: (current as Record<string, unknown>)[key], key, parent: step, depth: step.depth + 1 });
    }
  }
  return null;
}
