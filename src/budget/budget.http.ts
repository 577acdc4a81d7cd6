import type http from 'node:http';
import type { AppServices } from '../app-services';
import { toClientError, type ErrorCode } from '../common/errors';
import { textProblem } from '../common/input-text';
import { dateProblem } from '../common/scalars';
import { contextFor } from '../server/authenticate';
import { capMessage } from '../server/query-limits';
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
    send(STATUS[code], { error: { code, message: capMessage(message), ...(field ? { field } : {}) } });
  if (req.method !== 'GET') return fail('BAD_USER_INPUT', 'Use GET');
  const ctx = await contextFor(services, adminToken, req.headers.authorization);
  if (!ctx.actor) {
    return ctx.operator
      ? fail('FORBIDDEN', 'The operator token may only create organisations')
      : fail('UNAUTHENTICATED', 'An API key is required');
  }
  const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
  const text = (name: string) => params.get(name) || null;
  for (const [name, value] of params) {
    const problem = textProblem(value);
    if (problem) return fail('BAD_USER_INPUT', `${name}: ${problem}`, name.slice(0, 64));
  }
  const asOfText = text('asOf');
  const asOf = asOfText ? new Date(asOfText) : null;
  const asOfProblem = asOf && dateProblem(asOf);
  if (asOfProblem) return fail('BAD_USER_INPUT', `asOf: ${asOfProblem}`, 'asOf');
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
