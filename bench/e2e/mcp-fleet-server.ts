import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * Child process: many MCP servers of the official SDK on one port of
 * 127.0.0.1, one per path (`/s/<i>`), each listing TOOLS_EACH tools of its
 * own, each answering tools/call at once; what Loadout probes in the probing
 * scenario and calls in the gateway's. Stateless (a server per
 * request, JSON answers). It prints `{"port":N}` once listening, and
 * `{"listRequests":N}` (the tools/list requests answered so far) for every
 * line read on stdin.
 *
 * It runs at the lowest CPU priority: it stands for servers on other
 * machines, so on the bench's machine it takes only the time the server
 * under test leaves idle.
 */
function main(): void {
  os.setPriority(19);
  const toolsEach = Number(process.env.TOOLS_EACH);
  let listRequests = 0;
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const server = new Server({ name: `fleet-${req.url}`, version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => {
      listRequests++;
      return {
        tools: Array.from({ length: toolsEach }, (_, t) => ({
          name: `tool_${t}`,
          description: `Tool ${t} of ${req.url}: does one thing for the bench.`,
          inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'What to look for' } }, required: ['query'] },
        })),
      };
    });
    server.setRequestHandler(CallToolRequestSchema, (request) => ({
      content: [{ type: 'text', text: `${request.params.name} found nothing for ${JSON.stringify(request.params.arguments ?? {})}` }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };
  const server = http.createServer((req, res) => void handle(req, res));
  server.listen(0, '127.0.0.1', () => {
    console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
    createInterface({ input: process.stdin }).on('line', () => console.log(JSON.stringify({ listRequests })));
  });
  process.stdin.on('end', () => process.exit(0));
}

main();
