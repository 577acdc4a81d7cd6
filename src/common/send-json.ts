import type { ServerResponse } from 'node:http';

/** A JSON response for the plain HTTP routes (health, readiness, the budget report). */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
