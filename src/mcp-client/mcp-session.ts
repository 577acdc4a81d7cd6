import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ProgressCallback } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { EgressPolicy } from './egress-policy';
import { guardedFetch, type FetchBounds } from './guarded-fetch';

/** How to reach one server: over HTTP at a URL with its headers, or a command the operator declared (stdio). */
export type McpTarget =
  | { transport: 'STREAMABLE_HTTP' | 'SSE'; url: string; headers: Record<string, string> }
  | { transport: 'STDIO'; command: string; args: string[]; env: Record<string, string>; cwd?: string };

/** What a caller may give a tools/call: its cancellation, and where the server's progress for it goes. */
export interface CallOptions {
  signal?: AbortSignal;
  onprogress?: ProgressCallback;
}

export interface SessionLimits extends FetchBounds {
  /** How long one request (initialize, a page of tools/list, a tools/call) may take. */
  requestTimeoutMs: number;
  /** Pages of tools/list one listing may take, and entries in all. */
  maxPages: number;
  maxListedTools: number;
}

/** What the server said of itself in its initialize answer. */
export interface ServerFacts {
  name: string | null;
  version: string | null;
  protocolVersion: string | null;
  capabilities: Record<string, unknown>;
}

export class ListTooLong extends Error {}

const CLIENT_INFO = { name: 'loadout', version: '1' };

function transportFor(target: McpTarget, policy: EgressPolicy, limits: SessionLimits): { transport: Transport; close(): void } {
  if (target.transport === 'STDIO')
    return {
      transport: new StdioClientTransport({
        command: target.command,
        args: target.args,
        env: target.env,
        cwd: target.cwd,
        stderr: 'ignore',
      }),
      close: () => {},
    };
  const fetch = guardedFetch(policy, limits);
  const requestInit = { headers: target.headers };
  const transport =
    target.transport === 'SSE'
      ? new SSEClientTransport(new URL(target.url), { fetch, requestInit })
      : new StreamableHTTPClientTransport(new URL(target.url), { fetch, requestInit });
  return { transport, close: fetch.close };
}

/**
 * One MCP session with a server through the SDK's client: initialized on
 * open, then listing tools and calling them with every answer passed on as
 * the server sent it (validated only as a JSON-RPC result, so no key is
 * dropped or reordered).
 */
export class McpSession {
  private closed = false;
  onClose: () => void = () => {};

  private constructor(
    private readonly client: Client,
    readonly facts: ServerFacts,
    private readonly limits: SessionLimits,
  ) {}

  static async open(target: McpTarget, policy: EgressPolicy, limits: SessionLimits, onToolsChanged: () => void): Promise<McpSession> {
    const { transport, close: closeConnections } = transportFor(target, policy, limits);
    let protocolVersion: string | null = null;
    const setVersion = transport.setProtocolVersion?.bind(transport);
    transport.setProtocolVersion = (version: string) => {
      protocolVersion = version;
      setVersion?.(version);
    };
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => onToolsChanged());
    try {
      await client.connect(transport, { timeout: limits.requestTimeoutMs });
    } catch (error) {
      await client.close().catch(() => undefined);
      closeConnections();
      throw error;
    }
    const info = client.getServerVersion();
    const session = new McpSession(
      client,
      {
        name: info?.name ?? null,
        version: info?.version ?? null,
        protocolVersion,
        capabilities: { ...(client.getServerCapabilities() ?? {}) },
      },
      limits,
    );
    client.onclose = () => {
      session.closed = true;
      closeConnections();
      session.onClose();
    };
    return session;
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Every page of tools/list, each entry as the server sent it. */
  async listTools(): Promise<unknown[]> {
    const tools: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      if (page === this.limits.maxPages) throw new ListTooLong(`tools/list goes on past ${this.limits.maxPages} pages`);
      const result = await this.client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ResultSchema, {
        timeout: this.limits.requestTimeoutMs,
      });
      const entries = (result as { tools?: unknown }).tools;
      if (!Array.isArray(entries)) throw new Error('tools/list answered without a tools list');
      tools.push(...entries);
      if (tools.length > this.limits.maxListedTools)
        throw new ListTooLong(`tools/list holds more than ${this.limits.maxListedTools} tools`);
      const next = (result as { nextCursor?: unknown }).nextCursor;
      if (typeof next !== 'string') return tools;
      cursor = next;
    }
  }

  /** tools/call under the server's own name; the result as the server sent it (content, structuredContent, isError). */
  callTool(
    name: string,
    args: Record<string, unknown> | undefined,
    { signal, onprogress }: CallOptions = {},
  ): Promise<Record<string, unknown>> {
    // With onprogress the SDK asks the server for progress (a token of its own); the timeout stays the call's whole bound.
    return this.client.request({ method: 'tools/call', params: { name, arguments: args ?? {} } }, ResultSchema, {
      timeout: this.limits.requestTimeoutMs,
      signal,
      onprogress,
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client.close().catch(() => undefined);
  }
}
