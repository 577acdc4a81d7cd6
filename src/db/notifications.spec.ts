import { EVENTS_STORED, HEARTBEAT_SENT, LOADOUT_CHANGED } from './notifications';

const org = '0190a3b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b';

describe('notification payloads', () => {
  it('read back what they wrote, on each channel', () => {
    const run = { first: 9_007_199_254_740_993n, last: 9_007_199_254_740_999n, organizationId: org };
    expect(EVENTS_STORED.decode(EVENTS_STORED.encode(run))).toEqual(run);
    expect(LOADOUT_CHANGED.decode(LOADOUT_CHANGED.encode({ organizationId: org, seq: 42 }))).toEqual({ organizationId: org, seq: 42 });
    expect(HEARTBEAT_SENT.decode(HEARTBEAT_SENT.encode({ nonce: 7 }))).toEqual({ nonce: 7 });
  });

  it('read a payload of the other channel, or a malformed one, as none', () => {
    expect(LOADOUT_CHANGED.decode(EVENTS_STORED.encode({ first: 1n, last: 2n, organizationId: org }))).toBeNull();
    expect(EVENTS_STORED.decode(LOADOUT_CHANGED.encode({ organizationId: org, seq: 3 }))).toBeNull();
    expect(EVENTS_STORED.decode(`1;x;${org}`)).toBeNull();
    expect(LOADOUT_CHANGED.decode('not-an-id:3')).toBeNull();
    expect(HEARTBEAT_SENT.decode('')).toBeNull();
    expect(HEARTBEAT_SENT.decode('NaN')).toBeNull();
  });
});

/**
 * Version 1, the texts every release up to this one writes and the release
 * before this one reads, and only those: it refuses a payload with a field
 * more. So this release writes them unchanged.
 */
describe('version 1 payloads, as the previous release writes and reads them', () => {
  it('are what this release writes', () => {
    expect(LOADOUT_CHANGED.encode({ organizationId: org, seq: 42 })).toBe(`${org}:42`);
    expect(EVENTS_STORED.encode({ first: 5n, last: 9n, organizationId: org })).toBe(`5;9;${org}`);
    expect(HEARTBEAT_SENT.encode({ nonce: 3 })).toBe('3');
  });

  it('are read by this release', () => {
    expect(LOADOUT_CHANGED.decode(`${org}:42`)).toEqual({ organizationId: org, seq: 42 });
    expect(EVENTS_STORED.decode(`5;9;${org}`)).toEqual({ first: 5n, last: 9n, organizationId: org });
  });

  it('are what the statement sending a change writes, field by field', () => {
    expect(LOADOUT_CHANGED.sql({ organizationId: '$1', seq: 'seq' })).toBe(`($1)::text || ':' || (seq)::text`);
  });
});

/** A later release appends fields after version 1's: this one reads the fields it knows and ignores the rest. */
describe('later versions of a payload', () => {
  it('are read as far as this release understands them', () => {
    expect(LOADOUT_CHANGED.decode(`${org}:42:7:anything`)).toEqual({ organizationId: org, seq: 42 });
    expect(EVENTS_STORED.decode(`5;9;${org};2;x=1`)).toEqual({ first: 5n, last: 9n, organizationId: org });
    expect(HEARTBEAT_SENT.decode('3:1700000000000')).toEqual({ nonce: 3 });
  });

  it('still need every field of version 1, well formed', () => {
    expect(LOADOUT_CHANGED.decode(`${org}`)).toBeNull();
    expect(LOADOUT_CHANGED.decode(`42:${org}:1`)).toBeNull();
    expect(EVENTS_STORED.decode(`5;9`)).toBeNull();
    expect(EVENTS_STORED.decode(`5;x;${org};2`)).toBeNull();
  });
});
