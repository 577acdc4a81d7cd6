import { PlaceHolder, Tally } from './fair-share';

describe('a tally of places under a cap per key and a cap in all', () => {
  it('refuses past either cap, names which, and takes nothing when it refuses', () => {
    const tally = new Tally(2, 3);
    expect([tally.take('a'), tally.take('a'), tally.take('a')]).toEqual([null, null, 'key']);
    expect([tally.take('b'), tally.take('b')]).toEqual([null, 'overall']);
    expect([tally.heldBy('a'), tally.heldBy('b'), tally.held]).toEqual([2, 1, 3]);
    tally.give('a');
    expect(tally.take('b')).toBeNull();
  });

  it('gives each place back once, however many paths end it', () => {
    const tally = new Tally(10, 10);
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
