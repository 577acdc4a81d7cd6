import { badInput } from '../common/errors';
import { seal } from '../common/sealed-text';
import { mayAsk, type EgressPolicy } from '../mcp-client/egress-policy';
import { isProbed, type McpTransport } from './mcp-probe-status';

/**
 * Where a tenant says its MCP server is, read and checked before anything
 * is stored (docs/mcp-connections.md, "Registering a server"): a URL Loadout
 * may reach, and the headers it sends, sealed at once so their values are
 * never kept in the clear.
 */

export const MCP_URL_MAX = 2048;
export const MCP_HEADERS_MAX = 32;
export const MCP_HEADER_VALUE_MAX = 8192;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;
/** Visible ASCII, spaces and tabs: no line breaks that would start another header. */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
/** Headers the transport sets itself, or that would change what the connection is. */
const RESERVED = new Set([
  'accept',
  'connection',
  'content-length',
  'content-type',
  'host',
  'keep-alive',
  'last-event-id',
  'mcp-protocol-version',
  'mcp-session-id',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface McpAddressSettings {
  /** Seals header values; null: none may be set. */
  secretKey: Buffer | null;
  policy: EgressPolicy;
}

/** The URL, checked: http or https, no credentials in it, a host the policy lets Loadout ask for. */
export function readMcpUrl(text: string, field: string, policy: EgressPolicy): string {
  if (text.length > MCP_URL_MAX) throw badInput(field, `must be at most ${MCP_URL_MAX} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badInput(field, 'must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badInput(field, 'must be an absolute http or https URL');
  if (url.username || url.password)
    throw badInput(field, 'may not carry credentials: send them as a header (headers), which is kept secret');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!mayAsk(policy, host, port))
    throw badInput(field, `not allowed: ${host}:${port} is not an address this instance may reach (LOADOUT_MCP_ALLOWED_HOSTS)`);
  url.hash = '';
  return url.href;
}

/** The headers' names, and their values sealed for the organisation; [] and null for none. */
export function sealMcpHeaders(
  headers: ReadonlyArray<{ name: string; value: string }>,
  field: string,
  organizationId: string,
  secretKey: Buffer | null,
): { headerNames: string[]; headerSecret: string | null } {
  if (headers.length > MCP_HEADERS_MAX) throw badInput(field, `at most ${MCP_HEADERS_MAX} headers`);
  const seen = new Set<string>();
  headers.forEach(({ name, value }, i) => {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name)) throw badInput(`${field}[${i}].name`, 'must be an HTTP header name of 1 to 64 characters');
    if (RESERVED.has(lower) || lower.startsWith('proxy-'))
      throw badInput(`${field}[${i}].name`, `'${name}' is set by the transport itself`);
    if (seen.has(lower)) throw badInput(`${field}[${i}].name`, `'${name}' is given twice`);
    seen.add(lower);
    // The value is never quoted back: it is a secret.
    if (value.length > MCP_HEADER_VALUE_MAX || !HEADER_VALUE.test(value))
      throw badInput(`${field}[${i}].value`, `must be at most ${MCP_HEADER_VALUE_MAX} visible ASCII characters, spaces or tabs`);
  });
  if (headers.length === 0) return { headerNames: [], headerSecret: null };
  if (!secretKey) throw badInput(field, 'header values are stored encrypted: the operator sets LOADOUT_MCP_SECRET_KEY first');
  const plain = Object.fromEntries(headers.map((h) => [h.name, h.value]));
  return { headerNames: headers.map((h) => h.name), headerSecret: seal(secretKey, organizationId, JSON.stringify(plain)) };
}

/** Why a registration's transport, URL and headers do not fit together, as [field, reason]; null when they do. */
export function addressProblem(
  transport: McpTransport,
  input: { url?: string | null; headers?: readonly unknown[] | null },
): [string, string] | null {
  if (transport === 'STDIO')
    return ['input.transport', 'STDIO servers are declared by the operator (LOADOUT_MCP_STDIO_SERVERS), never registered through the API'];
  if (!isProbed(transport)) {
    if (input.url) return ['input.url', 'a REPORTED server has no URL: its runtime reports its tools'];
    if (input.headers?.length) return ['input.headers', 'a REPORTED server has no headers: Loadout never connects to it'];
    return null;
  }
  return input.url ? null : ['input.url', `a ${transport} server needs the URL Loadout reaches it at`];
}
