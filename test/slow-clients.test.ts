import net from 'node:net';
import { readHttpTimeouts } from '../src/server/http-limits';
import { startTestServer, type TestServer } from './support/harness';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ httpTimeouts: { headersTimeoutMs: 1_000, requestTimeoutMs: 1_500, keepAliveTimeoutMs: 500 } });
});
afterAll(() => t.stop());

/** Opens a raw socket to the server; resolves with what it received and how long until the server closed it. */
function rawSocket(): { socket: net.Socket; closed: Promise<{ received: string; ms: number }> } {
  const started = performance.now();
  const socket = net.connect(t.server.port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  const closed = new Promise<{ received: string; ms: number }>((resolve) =>
    socket.on('close', () => resolve({ received, ms: performance.now() - started })),
  );
  return { socket, closed };
}

describe('slow clients are cut off', () => {
  it('a POST that trickles its body is cut at the request timeout', async () => {
    const { socket, closed } = rawSocket();
    socket.write(`POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"query": "`);
    const trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    const { received, ms } = await closed;
    clearInterval(trickle);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThan(1_000);
    expect(ms).toBeLessThan(10_000);
  });

  it('headers that never finish are cut at the headers timeout', async () => {
    const { socket, closed } = rawSocket();
    socket.write('POST /graphql HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
    const { ms } = await closed;
    clearInterval(trickle);
    expect(ms).toBeLessThan(10_000);
  });

  it('an idle keep-alive socket is closed', async () => {
    const { socket, closed } = rawSocket();
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const { received, ms } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeLessThan(10_000);
  });

  it('the server keeps answering others meanwhile', async () => {
    const { socket, closed } = rawSocket();
    socket.write(`POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{`);
    const health = await fetch(`${t.server.url}/healthz`);
    expect(health.status).toBe(200);
    await closed;
  });
});

describe('the timeouts are configuration', () => {
  it('defaults: 10 s for headers, 30 s for a request, 5 s idle', () => {
    expect(readHttpTimeouts({})).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 });
  });

  it('read from the environment', () => {
    expect(
      readHttpTimeouts({ LOADOUT_HEADERS_TIMEOUT_MS: '2000', LOADOUT_REQUEST_TIMEOUT_MS: '60000', LOADOUT_KEEP_ALIVE_TIMEOUT_MS: '1000' }),
    ).toEqual({
      headersTimeoutMs: 2_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 1_000,
    });
  });

  it.each(['0', '-1', 'soon', '1.5'])('refuses %s', (value) => {
    expect(() => readHttpTimeouts({ LOADOUT_REQUEST_TIMEOUT_MS: value })).toThrow(/LOADOUT_REQUEST_TIMEOUT_MS must be/);
  });
});
