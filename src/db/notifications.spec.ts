import { EVENTS_STORED, LOADOUT_CHANGED } from './notifications';

const org = '0190a3b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b';

describe('notification payloads', () => {
  it('read back what they wrote, on each channel', () => {
    const run = { first: 9_007_199_254_740_993n, last: 9_007_199_254_740_999n, organizationId: org };
    expect(EVENTS_STORED.decode(EVENTS_STORED.encode(run))).toEqual(run);
    expect(LOADOUT_CHANGED.decode(LOADOUT_CHANGED.encode({ organizationId: org, seq: 42 }))).toEqual({ organizationId: org, seq: 42 });
  });

  it('read a payload of the other channel, or a malformed one, as none', () => {
    expect(LOADOUT_CHANGED.decode(EVENTS_STORED.encode({ first: 1n, last: 2n, organizationId: org }))).toBeNull();
    expect(EVENTS_STORED.decode(LOADOUT_CHANGED.encode({ organizationId: org, seq: 3 }))).toBeNull();
    expect(EVENTS_STORED.decode(`1;x;${org}`)).toBeNull();
    expect(LOADOUT_CHANGED.decode('not-an-id:3')).toBeNull();
  });
});
