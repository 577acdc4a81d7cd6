import type http from 'node:http';
import type { AppServices } from '../app-services';
import { unauthenticated } from '../common/context';
import { toClientError, type ErrorCode } from '../common/errors';
import { contextFor } from '../server/authenticate';
import { sendJson } from '../server/send-json';

const STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  INTERNAL_SERVER_ERROR: 500,
};

/**
 * `GET /rpc/tools/gc`: the toolBudget report as JSON, for runtimes that
 * prefer a plain HTTP call. Same arguments (as query parameters) and the
 * same authorisation (VIEWER or above) as the GraphQL query.
 */
export async function handleToolGc(
  services: AppServices,
  adminToken: string | null,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const send = (status: number, body: unknown): void => sendJson(res, status, body);
  const fail = (code: ErrorCode, message: string, field?: string): void =>
    send(STATUS[code], { error: { code, message, ...(field ? { field } : {}) } });
  if (req.method !== 'GET') {
    res.setHeader('allow', 'GET');
    return send(405, { error: { code: 'METHOD_NOT_ALLOWED', message: `${req.method} is not allowed here: use GET` } });
  }
  const ctx = await contextFor(services, adminToken, req.headers.authorization);
  if (!ctx.actor) {
    if (ctx.operator) return fail('FORBIDDEN', 'The operator token may only create organisations');
    const error = unauthenticated(ctx.credentialProblem);
    return fail(error.code, error.message);
  }
  const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
  const text = (name: string) => params.get(name) || null;
  const asOfText = text('asOf');
  const asOf = asOfText ? new Date(asOfText) : null;
  if (asOf && Number.isNaN(asOf.getTime())) return fail('BAD_USER_INPUT', 'asOf: not a date-time', 'asOf');
  try {
    const report = await services.budget.report(ctx.actor, {
      projectId: text('projectId'),
      agentId: text('agentId'),
      sessionId: text('sessionId'),
      userId: text('userId'),
      asOf,
    });
    send(200, report);
  } catch (error) {
    const mapped = toClientError(error);
    if (mapped.code === 'INTERNAL_SERVER_ERROR') console.error('internal error:', error);
    fail(mapped.code, mapped.message, mapped.field);
  }
}
