import type http from 'node:http';
import type { AppServices } from '../app-services';
import { unauthenticated } from '../common/context';
import type { ErrorCode } from '../common/errors';
import { NOT_AN_ID } from '../common/id-arguments';
import { textProblem } from '../common/input-text';
import { isUuid } from '../common/uuid';
import { dateProblem } from '../common/scalars';
import { RETRY_AFTER_SECONDS } from '../common/unavailable';
import { contextFor } from './authenticate';
import { ERROR_STATUS } from './error-status';
import { capMessage } from './query-limits';
import { reportFailure } from './report-failure';
import { requestIdOf } from './request-id';
import { sendJson } from '../common/send-json';

/** The query parameters, the GraphQL query's arguments. */
const PARAMETERS = ['projectId', 'agentId', 'sessionId', 'userId', 'asOf'] as const;
/** Those that name a stored row, as the query's ID arguments do (sessionId is echoed only). */
const ROW_IDS: readonly string[] = ['projectId', 'agentId'];

/** Names the parameter and, for a near miss (case, `_` or `-`, a typo or two), the one probably meant. */
function unknownParameter(name: string): string {
  const plain = (s: string) => s.replace(/[_-]/g, '').toLowerCase();
  const meant =
    PARAMETERS.find((known) => plain(known) === plain(name)) ?? PARAMETERS.find((known) => editDistance(plain(known), plain(name)) <= 2);
  return meant
    ? `unknown parameter ${name}; did you mean ${meant}?`
    : `unknown parameter ${name}; the parameters are ${PARAMETERS.join(', ')}`;
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length];
}

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
  const fail = (code: ErrorCode, message: string, field?: string): void => {
    services.stats.error(code);
    send(ERROR_STATUS[code], { error: { code, message: capMessage(message), ...(field ? { field } : {}) } });
  };
  if (req.method !== 'GET') {
    res.setHeader('allow', 'GET');
    return send(405, { error: { code: 'METHOD_NOT_ALLOWED', message: `${req.method} is not allowed here: use GET` } });
  }
  const ctx = await contextFor(services, adminToken, req.headers.authorization).catch((error: unknown) => {
    failWith(services, res, error);
    return null;
  });
  if (!ctx) return;
  if (!ctx.actor) {
    if (ctx.operator) return fail('FORBIDDEN', 'The operator token may only create organisations');
    const error = unauthenticated(ctx.credentialProblem);
    return fail(error.code, error.message);
  }
  const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
  const text = (name: string) => params.get(name);
  for (const [name, value] of params) {
    // An unknown, empty or repeated parameter would otherwise be ignored or cut to one, and the report answer a question the caller did not ask.
    if (!(PARAMETERS as readonly string[]).includes(name)) return fail('BAD_USER_INPUT', unknownParameter(name), name.slice(0, 64));
    if (value === '') return fail('BAD_USER_INPUT', `${name}: must not be empty; leave it out instead`, name);
    if (params.getAll(name).length > 1) return fail('BAD_USER_INPUT', `${name}: given more than once; give it once`, name);
    const problem = textProblem(value);
    if (problem) return fail('BAD_USER_INPUT', `${name}: ${problem}`, name.slice(0, 64));
    if (ROW_IDS.includes(name) && !isUuid(value)) return fail('BAD_USER_INPUT', `${name}: ${NOT_AN_ID}`, name);
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
    failWith(services, res, error);
  }
}

/** A thrown error as the route's JSON error; an outage is a 503 with Retry-After, and masked errors carry the request id. */
function failWith(services: AppServices, res: http.ServerResponse, error: unknown): void {
  const requestId = requestIdOf(res);
  const { code, message, field } = reportFailure(error, services.stats, { requestId }, 'internal error');
  if (code === 'SERVICE_UNAVAILABLE') res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
  const masked = code === 'INTERNAL_SERVER_ERROR' || code === 'SERVICE_UNAVAILABLE';
  sendJson(res, ERROR_STATUS[code], { error: { code, message, ...(field ? { field } : {}), ...(masked ? { requestId } : {}) } });
}
