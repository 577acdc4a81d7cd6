import { isUuid } from '../common/uuid';

/**
 * The payloads the channels of the LISTEN connection carry, each written
 * and read by one codec: its fields in declared order, joined by the
 * channel's separator. A payload that does not parse decodes to null.
 *
 * Two releases run side by side during an upgrade and hear each other
 * (docs/operations.md, "Upgrades"): version 1 of a payload is the fields
 * declared here, which every release writes; a later version only appends
 * fields after them, never changes one. A reader takes the fields it knows
 * and ignores any after them, so it reads a later version as far as it
 * understands it.
 */
export interface NotificationCodec<P> {
  readonly channel: string;
  encode(payload: P): string;
  decode(text: string): P | null;
  /** The payload as SQL, from each field's SQL expression: for a NOTIFY sent by the statement that makes its values. */
  sql(fields: { readonly [K in keyof P]: string }): string;
}

type Parsers<P> = { readonly [K in keyof P]: (text: string) => P[K] | null };

function codec<P extends object>(channel: string, separator: string, parsers: Parsers<P>): NotificationCodec<P> {
  const names = Object.keys(parsers) as Array<keyof P & string>;
  return {
    channel,
    encode: (payload) => names.map((name) => String(payload[name])).join(separator),
    decode: (text) => {
      const parts = text.split(separator);
      if (parts.length < names.length) return null;
      const payload: Partial<P> = {};
      for (const [i, name] of names.entries()) {
        const value = parsers[name](parts[i]);
        if (value === null) return null;
        payload[name] = value;
      }
      return payload as P;
    },
    sql: (fields) => names.map((name) => `(${fields[name]})::text`).join(` || '${separator}' || `),
  };
}

const uuid = (text: string): string | null => (isUuid(text) ? text : null);
const SEQ = /^\d{1,19}$/;
const seq = (text: string): bigint | null => (SEQ.test(text) ? BigInt(text) : null);

/** A change committed: its organisation's new loadout_seq, for every instance's loadout cache. */
export const LOADOUT_CHANGED = codec<{ organizationId: string; seq: number }>('loadout_changed', ':', {
  organizationId: uuid,
  seq: (text) => (SEQ.test(text) ? Number(text) : null),
});

/** Invalidation events stored by one change: one organisation's, with the seqs `first` to `last`, for subscriptions. */
export const EVENTS_STORED = codec<{ first: bigint; last: bigint; organizationId: string }>('loadout_invalidation_seqs', ';', {
  first: seq,
  last: seq,
  organizationId: uuid,
});

/**
 * An instance's heartbeat, on a channel of its own (this name and a random
 * suffix) that only the sender hears: its nonce.
 */
export const HEARTBEAT_SENT = codec<{ nonce: number }>('loadout_heartbeat', ':', {
  nonce: (text) => (/^\d{1,15}$/.test(text) ? Number(text) : null),
});
