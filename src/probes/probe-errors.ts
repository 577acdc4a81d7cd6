import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { AnswerTooLarge, EgressRefused } from '../mcp-client/guarded-fetch';
import { ListTooLong } from '../mcp-client/mcp-session';

/** Longest lastError kept: enough to act on, never a whole answer quoted back. */
export const PROBE_ERROR_MAX = 300;

const causeCode = (error: unknown): string | undefined => {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
};

function words(error: unknown, timeoutMs: number): string {
  if (error instanceof EgressRefused || error instanceof AnswerTooLarge || error instanceof ListTooLong) return error.message;
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return `no answer within ${timeoutMs} ms`;
  const status = error instanceof StreamableHTTPError || error instanceof SseError ? error.code : undefined;
  if (status === 401 || status === 403) return `the server refused the request (HTTP ${status}): check its headers`;
  if (status === 404) return 'nothing answers MCP at this URL (HTTP 404)';
  const code = causeCode(error);
  if (code === 'ECONNREFUSED') return 'the connection was refused: is the server running?';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'the server closed the connection';
  if (code === 'ENOENT') return 'the declared command was not found';
  if (error instanceof SyntaxError) return `the server's answer is not MCP: ${error.message}`;
  if (error instanceof McpError) return `the server answered an MCP error: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * What a failed probe says, in words a person can act on, with every secret
 * of the server (its header values, its declared environment) blanked out,
 * should the server or a library have quoted one back.
 */
export function probeErrorText(error: unknown, secrets: readonly string[], timeoutMs: number): string {
  let text = words(error, timeoutMs);
  for (const secret of secrets) if (secret.length >= 4) text = text.split(secret).join('[secret]');
  text = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return text.length > PROBE_ERROR_MAX ? `${text.slice(0, PROBE_ERROR_MAX - 1)}…` : text || 'the probe failed';
}
