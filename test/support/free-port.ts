import { createServer } from 'node:net';

/** A port of 127.0.0.1 nothing listens on now, for a server the test starts as its own process. */
export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
