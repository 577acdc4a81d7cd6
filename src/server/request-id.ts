import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller's id is kept when it is a plain token of bounded length, so it can neither bloat nor forge a log line. */
const USABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id (the caller's `x-request-id`, else a fresh one), set on the response as it goes. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers[REQUEST_ID_HEADER];
  const id = typeof given === 'string' && USABLE.test(given) ? given : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The id assigned to the response's request. */
export function requestIdOf(res: ServerResponse): string | undefined {
  const id = res.getHeader(REQUEST_ID_HEADER);
  return typeof id === 'string' ? id : undefined;
}
