/* JSON Pointers (RFC 6901) into an input schema, as the schema rules and the strict-ready check write and follow them. */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/** One key as a pointer token: `~` and `/` escaped. */
export const escapeToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Whether `ref` is a local JSON Pointer ('#' or '#/...', percent-encoded as
 * a URI fragment) to a value inside `root`.
 */
export function refResolves(ref: unknown, root: unknown): boolean {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return false;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return false;
  }
  if (pointer === '') return true;
  if (!pointer.startsWith('/')) return false;
  let at: unknown = root;
  for (const escaped of pointer.slice(1).split('/')) {
    const token = escaped.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at)) {
      if (!ARRAY_INDEX.test(token) || Number(token) >= at.length) return false;
      at = at[Number(token)];
    } else if (isObject(at) && Object.hasOwn(at, token)) {
      at = at[token];
    } else {
      return false;
    }
  }
  return true;
}
