import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolRequest,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';

/** A tool's answer, or a handler that makes it (sending notifications on the way). */
export type Answer =
  | Record<string, unknown>
  | ((request: CallToolRequest, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => Promise<Record<string, unknown>>);

/** How the server answers the next requests: as an MCP server should, or with one of the faults a probe must survive. */
export type Behaviour =
  { kind: 'ok' } | { kind: 'garbage' } | { kind: 'slow' } | { kind: 'huge'; bytes: number } | { kind: 'redirect'; to: string };

/**
 * A real MCP server of the official SDK over Streamable HTTP on 127.0.0.1,
 * whose tools the test sets: each change is announced to every open
 * session with notifications/tools/list_changed. It counts the tools/list
 * requests it answers, and can require a header.
 */
export class TestMcpServer {
  tools: Array<Record<string, unknown>>;
  behaviour: Behaviour = { kind: 'ok' };
  /** How long each tools/call takes to answer. */
  callDelayMs = 0;
  /** What a call of each tool named here answers, or how; any other is answered `called <name>`. */
  answers: Record<string, Answer> = {};
  listRequests = 0;
  /** Every header value the server was sent, for the tests that check what Loadout sends. */
  readonly seenAuthorization: string[] = [];
  private readonly sessions = new Map<string, { server: Server; transport: StreamableHTTPServerTransport }>();
  private readonly http: http.Server;
  url = '';

  constructor(
    tools: Array<Record<string, unknown>>,
    /** The Authorization value a request must carry (null: any); a test may change it. */
    public requiredAuthorization: string | null = null,
  ) {
    this.tools = tools;
    this.http = http.createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.http.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.http.address() as AddressInfo).port}/mcp`;
    return this;
  }

  get port(): number {
    return (this.http.address() as AddressInfo).port;
  }

  /** Replaces the tools and tells every open session. */
  async setTools(tools: Array<Record<string, unknown>>): Promise<void> {
    this.tools = tools;
    await Promise.all([...this.sessions.values()].map((s) => s.server.sendToolListChanged().catch(() => undefined)));
  }

  private newSession(): StreamableHTTPServerTransport {
    const server = new Server({ name: 'test-mcp', version: '1.2.3' }, { capabilities: { tools: { listChanged: true } } });
    server.setRequestHandler(ListToolsRequestSchema, () => {
      this.listRequests++;
      return { tools: this.tools } as never;
    });
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      if (this.callDelayMs > 0) await new Promise((r) => setTimeout(r, this.callDelayMs));
      const answer = this.answers[request.params.name];
      if (typeof answer === 'function') return (await answer(request, extra)) as never;
      if (answer) return answer;
      return {
        content: [{ type: 'text', text: `called ${request.params.name}` }],
        structuredContent: { echoed: request.params.arguments ?? null },
      };
    });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void this.sessions.set(id, { server, transport }),
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    void server.connect(transport);
    return transport;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (this.requiredAuthorization !== null) {
      this.seenAuthorization.push(String(req.headers.authorization));
      if (req.headers.authorization !== this.requiredAuthorization) return void res.writeHead(401).end('no');
    }
    const b = this.behaviour;
    if (b.kind === 'redirect') return void res.writeHead(307, { location: b.to }).end();
    if (b.kind === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json');
    if (b.kind === 'slow') return; // never answers
    if (b.kind === 'huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let sent = 0; sent < b.bytes && !res.destroyed; sent += chunk.length)
        if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
      return void res.end();
    }
    const id = req.headers['mcp-session-id'];
    const session = typeof id === 'string' ? this.sessions.get(id) : undefined;
    if (typeof id === 'string' && !session) return void res.writeHead(404).end();
    await (session?.transport ?? this.newSession()).handleRequest(req, res);
  }

  async stop(): Promise<void> {
    for (const { transport } of this.sessions.values()) await transport.close().catch(() => undefined);
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }
}
