import { randomBytes } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids are UUIDs: an `ID` argument that is not one is refused before its
 * resolver runs (id-arguments.ts), and a lookup by one finds nothing rather
 * than failing in SQL.
 */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

/** Hex digits of a row's number at the end of a block's ids. */
const BLOCK_DIGITS = 6;
/** The largest number of a row in a block: numbers fill the last 24 bits (six hex digits) of its ids. */
export const UUID_BLOCK_SIZE = 16 ** BLOCK_DIGITS - 1;

/**
 * The ids of a block of rows written at once are UUIDs of version 7 (RFC
 * 9562): the millisecond `now`, then 50 random bits the block shares, then
 * the row's number (1 to UUID_BLOCK_SIZE) in the last six hex digits. This
 * is their first 30 characters; `blockUuid` adds the number, and SQL can
 * too (`blockUuidSql`), so a thousand ids cost no thousand parameters.
 * Rows keyed by them land together at the end of their primary key's
 * index, where random ids would each touch another page of it (each one a
 * full-page image in the WAL after a checkpoint).
 */
export function uuidBlockPrefix(now = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32 - BLOCK_DIGITS)}`;
}

export const blockUuid = (prefix: string, n: number): string => prefix + n.toString(16).padStart(BLOCK_DIGITS, '0');

/** `blockUuid` in SQL, over SQL expressions for the prefix and the number. */
export const blockUuidSql = (prefix: string, n: string): string => `(${prefix} || lpad(to_hex(${n}), ${BLOCK_DIGITS}, '0'))::uuid`;
