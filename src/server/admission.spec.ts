import { ADMISSION_LIMITS, Admission, Places, type PlaceCaps } from './admission';

const caps = (caps: Partial<PlaceCaps>): PlaceCaps => ({
  perKey: Infinity,
  perOrganization: Infinity,
  perInstance: Infinity,
  reserved: 0,
  reservedBelow: 0,
  ...caps,
});
/** Key `key` of organisation `organization`. */
const of = (organization: string, key = organization) => ({ key, organization });

describe('places under a cap per key, per organisation and in all', () => {
  it('refuses past any cap, names which, and takes nothing when it refuses', () => {
    const places = new Places(caps({ perOrganization: 2, perInstance: 3 }));
    expect([places.take(of('a')), places.take(of('a')), places.take(of('a'))]).toEqual([null, null, 'organization']);
    expect([places.take(of('b')), places.take(of('b'))]).toEqual([null, 'instance']);
    expect(places.held).toBe(3);
    places.give(of('a'));
    expect(places.take(of('b'))).toBeNull();
  });

  it("caps each key below its organisation's cap, and counts every key of an organisation toward it", () => {
    const places = new Places(caps({ perKey: 2, perOrganization: 3, perInstance: 10 }));
    expect([places.take(of('org', 'k1')), places.take(of('org', 'k1')), places.take(of('org', 'k1'))]).toEqual([null, null, 'key']);
    expect([places.take(of('org', 'k2')), places.take(of('org', 'k2'))]).toEqual([null, 'organization']);
    // Another organisation's key of the same name is its own.
    expect(places.take(of('other', 'k3'))).toBeNull();
    places.give(of('org', 'k1'));
    expect([places.take(of('org', 'k2')), places.take(of('org', 'k1'))]).toEqual([null, 'organization']);
    expect(places.held).toBe(4);
  });

  it('keeps its last places for organisations that hold few, so a full instance still takes a newcomer', () => {
    // 10 places, the last 3 for organisations holding fewer than 2.
    const places = new Places(caps({ perOrganization: 8, perInstance: 10, reserved: 3, reservedBelow: 2 }));
    expect(Array.from({ length: 8 }, () => places.take(of('big')))).toEqual([...Array(7).fill(null), 'instance']);
    expect(places.open).toBe(false);
    // Newcomers get one or two places each from the reserve, until it is gone.
    expect([places.take(of('b')), places.take(of('b')), places.take(of('b'))]).toEqual([null, null, 'instance']);
    expect([places.take(of('c')), places.take(of('d'))]).toEqual([null, 'instance']);
    expect(places.bounds).toEqual({ held: 10, cap: 10, unreserved: 7 });
    // A big holder's place given back is anyone's again.
    places.give(of('big'));
    expect(places.take(of('d'))).toBeNull();
    // Open to anyone again once less than the unreserved part is held: 7 of 10 here.
    for (let i = 0; i < 3; i++) places.give(of('big'));
    expect([places.held, places.open]).toEqual([7, false]);
    places.give(of('big'));
    expect([places.held, places.open]).toEqual([6, true]);
    expect(places.take(of('big'))).toBeNull();
  });
});

describe('a refusal', () => {
  const admission = new Admission(ADMISSION_LIMITS);

  it('closes a socket with 4429 and answers a subscription with BAD_REQUEST, naming the cap that refused', () => {
    expect(admission.refusal('sockets', 'key')).toEqual({
      closeCode: 4429,
      code: 'BAD_REQUEST',
      message: `At most ${ADMISSION_LIMITS.maxSocketsPerKey} sockets open per API key on this instance`,
    });
    expect(admission.refusal('sockets', 'organization').message).toBe(
      `At most ${ADMISSION_LIMITS.maxSocketsPerOrganization} sockets open per organisation on this instance`,
    );
    expect(admission.refusal('subscriptions', 'instance').message).toBe(
      `This instance is full: its last ${ADMISSION_LIMITS.reservedSubscriptionsPerInstance} of ${ADMISSION_LIMITS.maxSubscriptionsPerInstance} subscriptions are kept for organisations holding fewer than ${ADMISSION_LIMITS.reservedSubscriptionsPerOrganization}`,
    );
  });
});
