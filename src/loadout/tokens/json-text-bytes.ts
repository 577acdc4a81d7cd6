/**
 * How deep a walk of a schema goes: stored schemas nest at most 64 levels, and
 * a walk stops here rather than exhaust the stack on a value that reached it
 * some other way (deeper, JSON.stringify measures it).
 */
export const WALK_DEPTH_MAX = 128;

type JsonObject = Record<string, unknown>;

/**
 * The UTF-8 length of `JSON.stringify(value)`, the text as sent, counted
 * without building it; counting stops once past `limit`. What JSON data
 * cannot hold (`undefined`, a `toJSON`, a bigint), or what nests deeper than
 * a walk goes, is measured by JSON.stringify itself.
 */
export function jsonTextBytes(value: unknown, limit: number, depth = 0): number {
  if (value === null) return 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value !== 'object' || depth > WALK_DEPTH_MAX || 'toJSON' in value) return stringifiedBytes(value);
  let n = 2;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && n <= limit; i++)
      n += (i === 0 ? 0 : 1) + (isOmitted(value[i]) ? 4 : jsonTextBytes(value[i], limit - n, depth + 1));
    return n;
  }
  let first = true;
  for (const key in value) {
    const item = (value as JsonObject)[key];
    if (!Object.hasOwn(value, key) || isOmitted(item)) continue;
    n += (first ? 0 : 1) + stringBytes(key) + 1 + jsonTextBytes(item, limit - n, depth + 1);
    first = false;
    if (n > limit) return n;
  }
  return n;
}

/** A value JSON.stringify cannot write (too deep, circular, a bigint) cannot be sent: it is over any limit. */
function stringifiedBytes(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** What JSON.stringify leaves out of an object and writes as `null` in an array. */
const isOmitted = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** UTF-8 bytes of a string as JSON.stringify writes it, quotes included. */
function stringBytes(s: string): number {
  let n = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) n += 2;
    else if (c < 0x20) n += 6;
    else if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: one 4-byte character.
      n += 4;
      i++;
    } else n += c >= 0xd800 && c <= 0xdfff ? 6 : 3; // a lone surrogate is written \udxxx
  }
  return n;
}
