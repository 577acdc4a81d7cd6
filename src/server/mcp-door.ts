import type http from 'node:http';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AppServices } from '../app-services';
import { roleAtLeast } from '../common/actor';
import { unauthenticated } from '../common/context';
import { LoadoutError, toClientError } from '../common/errors';
import { sendJson } from '../common/send-json';
import { PAGE_TYPES, type PageType } from '../loadout/vocabulary';
import { USER_ID_HEADER } from '../mcp-gateway/gateway-limits';
import { GATEWAY_NAMINGS, type GatewayNaming } from '../mcp-gateway/gateway-tools';
import type { McpGateway } from '../mcp-gateway/mcp-gateway';
import type { GatewaySituation } from '../mcp-gateway/session-requests';
import { contextFor } from './authenticate';
import { ERROR_STATUS } from './error-status';
import { readBody } from './http-body';

/** `/mcp/agents/<agentId>`: the agent's MCP endpoint (docs/mcp-gateway.md). */
export const MCP_PATH = /^\/mcp\/agents\/([^/]{1,100})$/;

/** The URL's query parameters: the situation besides the agent, and how tools are named. */
const PARAMETERS = new Set(['channel', 'page', 'contextObject', 'recordId', 'names']);

/** A JSON-RPC error with no request to answer, as MCP's Streamable HTTP sends one: the HTTP status says the same. */
function refuse(res: http.ServerResponse, status: number, code: string, message: string, field?: string): void {
  sendJson(res, status, { jsonrpc: '2.0', error: { code: -32000, message, data: { code, ...(field ? { field } : {}) } }, id: null });
}

function refuseWith(res: http.ServerResponse, error: unknown): void {
  const { code, message, field } = toClientError(error);
  if (code === 'INTERNAL_SERVER_ERROR') throw error;
  if (code === 'SERVICE_UNAVAILABLE') res.setHeader('retry-after', '5');
  refuse(res, ERROR_STATUS[code], code, message, field);
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A browser's page may use the endpoint only from a loopback origin or one
 * the operator allows: MCP's defence against DNS rebinding. Clients that are
 * not browsers send no Origin.
 */
function originAllowed(origin: string, allowed: readonly string[]): boolean {
  try {
    const url = new URL(origin);
    return LOOPBACK.has(url.hostname) || allowed.includes(url.origin);
  } catch {
    return false;
  }
}

/** The situation the URL names; BAD_USER_INPUT naming the parameter otherwise. */
function situationOf(agentId: string, query: URLSearchParams): GatewaySituation {
  for (const name of query.keys())
    if (!PARAMETERS.has(name))
      throw new LoadoutError('BAD_USER_INPUT', `unknown parameter ${name}; the parameters are ${[...PARAMETERS].join(', ')}`, name);
  const channel = query.get('channel');
  if (!channel) throw new LoadoutError('BAD_USER_INPUT', 'channel: the channel key is required (?channel=<key>)', 'channel');
  const type = (query.get('page') ?? 'HOME').toUpperCase();
  if (!(PAGE_TYPES as readonly string[]).includes(type))
    throw new LoadoutError('BAD_USER_INPUT', `page: must be one of ${PAGE_TYPES.join(', ')}`, 'page');
  return {
    agentId: decodeURIComponent(agentId),
    channel,
    page: { type: type as PageType, contextObject: query.get('contextObject'), recordId: query.get('recordId') },
  };
}

/** The URL's `names`: `toolbox` when absent. */
function namingOf(query: URLSearchParams): GatewayNaming {
  const names = query.get('names') ?? 'toolbox';
  if (!(GATEWAY_NAMINGS as readonly string[]).includes(names))
    throw new LoadoutError('BAD_USER_INPUT', `names: must be one of ${GATEWAY_NAMINGS.join(', ')}`, 'names');
  return names as GatewayNaming;
}

/**
 * One HTTP request to an agent's MCP endpoint: authenticated with a RUNTIME
 * key (or above) as every door is, its body bounded, then handed to its
 * session's transport, or to a new session's for an initialize request.
 */
export async function handleMcp(
  gateway: McpGateway,
  services: AppServices,
  { adminToken, mcpAllowedOrigins = [] }: { adminToken: string | null; mcpAllowedOrigins?: readonly string[] },
  req: http.IncomingMessage,
  res: http.ServerResponse,
  agentId: string,
  query: URLSearchParams,
): Promise<void> {
  if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'DELETE') {
    res.setHeader('allow', 'GET, POST, DELETE');
    return refuse(res, 405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed here: use POST, GET or DELETE`);
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !originAllowed(origin, mcpAllowedOrigins))
    return refuse(res, 403, 'FORBIDDEN', `Origin ${origin.slice(0, 200)} may not use this endpoint (LOADOUT_MCP_ALLOWED_ORIGINS)`);
  const ctx = await contextFor(services, adminToken, req.headers.authorization);
  if (!ctx.actor) {
    if (ctx.operator) return refuse(res, 403, 'FORBIDDEN', 'The operator token may only create organisations');
    res.setHeader('www-authenticate', 'Bearer');
    return refuseWith(res, unauthenticated(ctx.credentialProblem));
  }
  const actor = ctx.actor;
  if (!roleAtLeast(actor.role, 'RUNTIME')) return refuse(res, 403, 'FORBIDDEN', 'An MCP session needs a RUNTIME key or above');
  let body: unknown = undefined;
  if (req.method === 'POST') {
    const read = await readBody(req, gateway.limits.maxBodyBytes);
    if (read.kind === 'too-large')
      return refuse(res, 413, 'BAD_USER_INPUT', `A request body may be at most ${gateway.limits.maxBodyBytes} bytes`);
    if (read.kind !== 'ok') return refuse(res, 400, 'BAD_USER_INPUT', 'The request body could not be read');
    try {
      body = JSON.parse(read.text);
    } catch {
      return sendJson(res, 400, { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the body is not JSON' }, id: null });
    }
  }
  // A stream opened now would hold the drain until its grace ends: the client reconnects to another instance.
  if (req.method === 'GET' && gateway.isDraining) {
    res.setHeader('retry-after', '1');
    return refuse(res, 503, 'SERVICE_UNAVAILABLE', 'This instance is shutting down; connect again');
  }
  const sessionId = req.headers['mcp-session-id'];
  try {
    if (typeof sessionId === 'string') {
      const transport = gateway.session(sessionId, actor, decodeURIComponent(agentId), req.method === 'GET' ? res : undefined);
      if (!transport)
        return refuse(res, 404, 'NOT_FOUND', 'Session not found: it expired or is of another key or agent; initialize a new one');
      return await transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body))
      return refuse(res, 400, 'BAD_USER_INPUT', 'No session: send an initialize request first, without Mcp-Session-Id');
    const userHeader = req.headers[USER_ID_HEADER];
    const userId = typeof userHeader === 'string' ? userHeader : null;
    const opened = { situation: situationOf(agentId, query), userId, naming: namingOf(query) };
    return await gateway.open(actor, opened, (transport) => transport.handleRequest(req, res, body));
  } catch (error) {
    if (res.headersSent) throw error;
    return refuseWith(res, error);
  }
}
