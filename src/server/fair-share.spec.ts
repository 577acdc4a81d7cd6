import { PlaceHolder, Tally } from './fair-share';

const caps = (perKey: number, overall: number, reserved = 0, reservedPerKey = 0) => ({ perKey, overall, reserved, reservedPerKey });

describe('a tally of places under a cap per key and a cap in all', () => {
  it('refuses past either cap, names which, and takes nothing when it refuses', () => {
    const tally = new Tally(caps(2, 3));
    expect([tally.take('a'), tally.take('a'), tally.take('a')]).toEqual([null, null, 'key']);
    expect([tally.take('b'), tally.take('b')]).toEqual([null, 'overall']);
    expect([tally.heldBy('a'), tally.heldBy('b'), tally.held]).toEqual([2, 1, 3]);
    tally.give('a');
    expect(tally.take('b')).toBeNull();
  });

  it('keeps its last places for keys that hold few, so a full tally still takes a newcomer', () => {
    // 10 places, the last 3 for keys holding fewer than 2.
    const tally = new Tally(caps(8, 10, 3, 2));
    expect(Array.from({ length: 8 }, () => tally.take('big'))).toEqual([...Array(7).fill(null), 'overall']);
    expect(tally.open).toBe(false);
    // Newcomers get one or two places each from the reserve, until it is gone.
    expect([tally.take('b'), tally.take('b'), tally.take('b')]).toEqual([null, null, 'overall']);
    expect([tally.take('c'), tally.take('d')]).toEqual([null, 'overall']);
    expect(tally.held).toBe(10);
    // A big holder's place given back is anyone's again.
    tally.give('big');
    expect(tally.take('d')).toBeNull();
    // Open to anyone again once less than the unreserved part is held: 7 of 10 here.
    for (let i = 0; i < 3; i++) tally.give('big');
    expect([tally.held, tally.open]).toEqual([7, false]);
    tally.give('big');
    expect([tally.held, tally.open]).toEqual([6, true]);
    expect(tally.take('big')).toBeNull();
  });

  it('gives each place back once, however many paths end it', () => {
    const tally = new Tally(caps(10, 10));
    const socket = new PlaceHolder(tally);
    for (const id of ['1', '2', '3']) socket.take(id, 'org');
    socket.give('1');
    socket.give('1');
    socket.giveAll();
    socket.giveAll();
    socket.give('2');
    expect(tally.held).toBe(0);
    expect(tally.heldBy('org')).toBe(0);
  });
});
