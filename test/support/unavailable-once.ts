import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of a Loadout server that answers the first request whose
 * body matches as the server answers during a database outage (HTTP 503,
 * `Retry-After`, a SERVICE_UNAVAILABLE error), and forwards every other
 * request as it is. `bodies` lists what reached it, refused ones included.
 */
export class UnavailableOnce {
  readonly bodies: string[] = [];
  refused = 0;
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(target: string, matches: (body: string) => boolean, retryAfterSeconds: number): Promise<UnavailableOnce> {
    let proxy: UnavailableOnce | undefined;
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      proxy!.bodies.push(body);
      if (proxy!.refused === 0 && matches(body)) {
        proxy!.refused++;
        const error = { message: 'The database is unavailable; retry shortly', extensions: { code: 'SERVICE_UNAVAILABLE' } };
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds) });
        res.end(JSON.stringify({ errors: [error] }));
        return;
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (req.headers.authorization) headers.authorization = req.headers.authorization;
      const answer = await fetch(target, { method: 'POST', headers, body });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new UnavailableOnce(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`);
    return proxy;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
