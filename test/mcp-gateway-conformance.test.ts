import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readMcpConnectionSettings } from '../src/probes/connection-settings';
import { startTestServer, type TestServer } from './support/harness';
import { TestMcpServer, type Answer } from './support/mcp-http-server';
import { TestWorld } from './support/test-world';

/*
 * The official MCP conformance suite (server mode) against the gateway. It
 * connects without headers, so a loopback proxy in front adds the key, as a
 * client configured with one would. The upstream server answers the suite's
 * reference tools as the suite describes them, and the gateway lists them
 * under their own names (names=server). The scenarios that apply to a
 * gateway of tools pass; docs/mcp-gateway.md lists the others and why.
 */

const SUITE = join(__dirname, '..', 'node_modules', '.bin', 'conformance');
const APPLIES = [
  'server-initialize',
  'ping',
  'tools-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
  'server-sse-polling',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-error',
  'json-schema-2020-12',
  'tools-call-with-progress',
];

/** A 1x1 PNG and a silent WAV, as the suite asks of its image and audio tools. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEARKwAAIhYAQACABAAZGF0YQAAAAA=';
const text = (value: string) => ({ type: 'text', text: value });

/** The suite's reference tools, as its scenarios describe them, none with arguments. */
const REFERENCE: Record<string, Answer> = {
  test_simple_text: { content: [text('This is a simple text response for testing.')] },
  test_image_content: { content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] },
  test_audio_content: { content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] },
  test_embedded_resource: {
    content: [
      {
        type: 'resource',
        resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' },
      },
    ],
  },
  test_multiple_content_types: {
    content: [
      text('Multiple content types test:'),
      { type: 'image', data: PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' },
      },
    ],
  },
  test_error_handling: { isError: true, content: [text('This tool intentionally returns an error for testing')] },
  // Progress 0, 50 and 100 of 100, about 50 ms apart, to the token the request carries.
  test_tool_with_progress: async (request, extra) => {
    const progressToken = request.params._meta?.progressToken;
    for (const progress of [0, 50, 100]) {
      if (progress > 0) await new Promise((r) => setTimeout(r, 50));
      if (progressToken !== undefined)
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress, total: 100 } });
    }
    return { content: [text('Progress tool completed')] };
  },
};
const SCHEMA_2020_12 = {
  name: 'json_schema_2020_12_tool',
  description: 'Tool with JSON Schema 2020-12 features',
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
    properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
    additionalProperties: false,
  },
};

let t: TestServer;
let reference: TestMcpServer;
let proxy: http.Server;
let url: string;

/** Forwards every request to the gateway with the Authorization header added, streaming both ways. */
function keyAddingProxy(target: URL, key: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers: { ...req.headers, authorization: `Bearer ${key}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const run = (scenario: string): Promise<{ code: number; out: string }> =>
  new Promise((resolve) =>
    execFile(SUITE, ['server', '--url', url, '--scenario', scenario], { timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );

beforeAll(async () => {
  reference = new TestMcpServer([
    ...Object.keys(REFERENCE).map((name) => ({ name, description: `The suite's ${name}`, inputSchema: { type: 'object' } })),
    SCHEMA_2020_12,
  ]);
  reference.answers = REFERENCE;
  await reference.start();
  const mcp = readMcpConnectionSettings({
    LOADOUT_MCP_ALLOWED_HOSTS: `127.0.0.1:${reference.port}`,
    LOADOUT_MCP_SECRET_KEY: 'c'.repeat(64),
  });
  t = await startTestServer({ mcp });
  const world = new TestWorld(t);
  const admin = (await world.organization('Test org')).adminKey;
  const key = await world.key(admin, 'RUNTIME');
  await world.mcpServers(admin, [{ name: 'suite', transport: 'STREAMABLE_HTTP', url: reference.url }]);
  const [{ id: agent }] = await world.agents(admin, [{ name: 'suite' }]);
  // Probed on registration: the reference tools are the agent's once the probe is in.
  for (let tries = 0; tries < 100; tries++) {
    if ((await world.toolbox(admin, { agentId: agent })).toolCount === Object.keys(REFERENCE).length + 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  proxy = await keyAddingProxy(
    new URL(`${t.server.url.replace('localhost', '127.0.0.1')}/mcp/agents/${agent}?channel=web&names=server`),
    key,
  );
  url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
}, 60_000);
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((r) => proxy?.close(r));
  await t?.stop();
  await reference?.stop();
});

it.each(APPLIES)(
  'passes %s',
  async (scenario) => {
    const { code, out } = await run(scenario);
    expect({ scenario, code, out: code === 0 ? '' : out }).toEqual({ scenario, code: 0, out: '' });
  },
  90_000,
);
