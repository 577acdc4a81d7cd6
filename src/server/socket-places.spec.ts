import { ADMISSION_LIMITS, Admission } from './admission';
import { SocketPlaces } from './socket-places';

const of = (organization: string) => ({ key: organization, organization });

describe("a socket's places", () => {
  const admission = () => new Admission({ ...ADMISSION_LIMITS, maxSocketsPerKey: 1 });

  it('gives each place back once, however many paths end it', () => {
    const all = admission();
    const socket = new SocketPlaces(all);
    expect(socket.enter(of('org'))).toBe('taken');
    for (const id of ['1', '2', '3']) expect(socket.subscribe(id, of('org'))).toBe('taken');
    socket.unsubscribe('1');
    socket.unsubscribe('1');
    socket.close();
    socket.close();
    socket.unsubscribe('2');
    expect([all.sockets.held, all.subscriptions.held]).toEqual([0, 0]);
  });

  it('takes nothing once closed: a socket gone while its key was looked up holds no place', () => {
    const all = admission();
    const gone = new SocketPlaces(all);
    gone.close();
    expect([gone.enter(of('org')), gone.subscribe('1', of('org'))]).toEqual(['closed', 'closed']);
    // The key's one place is still free.
    expect(new SocketPlaces(all).enter(of('org'))).toBe('taken');
    expect(new SocketPlaces(all).enter(of('org'))).toBe('key');
  });
});
