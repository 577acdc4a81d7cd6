import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readEgressPolicy } from './egress-policy';
import { AnswerTooLarge, EgressRefused, guardedFetch } from './guarded-fetch';

/* The fetch every MCP connection goes through, against a real HTTP server on 127.0.0.1. */

const bounds = { maxResponseBytes: 64 * 1024, connectTimeoutMs: 2000 };
let server: http.Server;
let port: number;
const seen: Array<{ url: string; auth: string | undefined }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers['x-api-key'] as string | undefined });
    if (req.url === '/big') return void res.end(Buffer.alloc(200 * 1024, 0x61));
    if (req.url === '/to-metadata') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/' }).end();
    if (req.url === '/to-other-origin') return void res.writeHead(302, { location: `http://localhost:${port}/landed` }).end();
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (seen.length = 0));

it('by default refuses a name that resolves to loopback, without connecting, in the same words as any refusal', async () => {
  const fetch = guardedFetch(readEgressPolicy(undefined), bounds);
  await expect(fetch(`http://localhost:${port}/`)).rejects.toThrow(EgressRefused);
  await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow(`not allowed: 127.0.0.1:${port} is not an address`);
  expect(seen).toEqual([]);
});

it('connects where the allow-list says, and to nothing beside it', async () => {
  const fetch = guardedFetch(readEgressPolicy(`127.0.0.1:${port}`), bounds);
  expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
  await expect(fetch(`http://127.0.0.1:${port + 1}/`)).rejects.toThrow(EgressRefused);
});

it('refuses a redirect to a refused address, followed or handed back', async () => {
  const fetch = guardedFetch(readEgressPolicy(`127.0.0.1:${port}`), bounds);
  await expect(fetch(`http://127.0.0.1:${port}/to-metadata`)).rejects.toThrow(/not allowed: 169\.254\.169\.254:80/);
  await expect(fetch(`http://127.0.0.1:${port}/to-metadata`, { redirect: 'manual' })).rejects.toThrow(EgressRefused);
});

it("follows a redirect to another allowed origin without the server's headers", async () => {
  const fetch = guardedFetch(readEgressPolicy(`127.0.0.1:${port},127.0.0.0/8`), bounds);
  // localhost is a name the list does not hold, but its address is in a listed range.
  const res = await fetch(`http://127.0.0.1:${port}/to-other-origin`, { headers: { 'x-api-key': 'sk-1' } });
  expect(await res.text()).toBe('ok');
  expect(seen).toEqual([
    { url: '/to-other-origin', auth: 'sk-1' },
    { url: '/landed', auth: undefined },
  ]);
});

it('cuts an answer larger than the bound, saying so', async () => {
  const fetch = guardedFetch(readEgressPolicy(`127.0.0.1:${port}`), bounds);
  const error = (await (await fetch(`http://127.0.0.1:${port}/big`)).arrayBuffer().catch((e: unknown) => e)) as Error;
  expect(error).toBeInstanceOf(AnswerTooLarge);
  expect(error.message).toBe("the server's answer is larger than 64 KiB");
});
