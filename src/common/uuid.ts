import { randomBytes } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else can name nothing, so it is "not found" rather than an SQL error. */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

/**
 * `count` UUIDs of version 7 (RFC 9562): the millisecond `now` first, then
 * random bits. Rows keyed by them as they are written land together at
 * the end of their primary key's index, where random ids would each touch
 * another page of it: a thousand events stored at once write a few index
 * pages, not hundreds (each one a full-page image in the WAL after a
 * checkpoint).
 */
export function timeOrderedUuids(count: number, now = Date.now()): string[] {
  const random = randomBytes(16 * count);
  return Array.from({ length: count }, (_, i) => {
    const b = random.subarray(16 * i, 16 * i + 16);
    b.writeUIntBE(now, 0, 6);
    b[6] = (b[6] & 0x0f) | 0x70;
    b[8] = (b[8] & 0x3f) | 0x80;
    const hex = b.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  });
}
