import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * Many MCP servers of the official SDK on one port of 127.0.0.1, one per
 * path (`/s/<i>`), each listing its own tools: what Loadout probes in the
 * probing scenario. Stateless (a server per request, JSON answers), and it
 * counts the tools/list requests it answers.
 */
export class McpFleet {
  listRequests = 0;
  private readonly http: http.Server;

  constructor(private readonly toolsEach: number) {
    this.http = http.createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.http.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.http.address() as AddressInfo).port;
  }

  url(i: number): string {
    return `http://127.0.0.1:${this.port}/s/${i}`;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const server = new Server({ name: `fleet-${req.url}`, version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => {
      this.listRequests++;
      return {
        tools: Array.from({ length: this.toolsEach }, (_, t) => ({
          name: `tool_${t}`,
          description: `Tool ${t} of ${req.url}: does one thing for the bench.`,
          inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'What to look for' } }, required: ['query'] },
        })),
      };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }

  stop(): Promise<void> {
    this.http.closeAllConnections();
    return new Promise((resolve) => this.http.close(() => resolve()));
  }
}
