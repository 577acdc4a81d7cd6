import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../src/common/project-root';
import { defineTool } from '../examples/typescript-client/src/catalogue';
import { LoadoutError, loadoutClient } from '../examples/typescript-client/src/client';
import type { JsonValue } from '../examples/typescript-client/src/json';
import { describeToolbox, previewToolbox, runTurn, startConversation } from '../examples/typescript-client/src/runtime';
import { startTestServer, type Created, type TestServer } from './support/harness';

const example = path.join(projectRoot(), 'examples', 'typescript-client');
const node = (...args: string[]) => spawnSync(process.execPath, args, { cwd: projectRoot(), encoding: 'utf8' });

// The example's one fragment on ToolboxContent is spread in the `toolbox` query and in the `beginTurn` mutation, and its code
// passes both results to one function: codegen refuses the document, or tsc the code, if the two stop sharing the interface.
it('compiles: its generated client is what codegen makes from the schema, and tsc accepts the example', () => {
  const codegen = node(path.join(projectRoot(), 'scripts', 'codegen.mjs'), '--check', path.join(example, 'codegen.json'));
  expect({ status: codegen.status, output: codegen.stdout + codegen.stderr }).toEqual({ status: 0, output: '' });
  const tsc = node(require.resolve('typescript/bin/tsc'), '-p', path.join(example, 'tsconfig.json'));
  expect({ status: tsc.status, output: tsc.stdout + tsc.stderr }).toEqual({ status: 0, output: '' });
}, 120_000);

describe('against a server', () => {
  let t: TestServer;
  let adminKey: string;
  let runtimeKey: string;
  let agentId: string;

  beforeAll(async () => {
    t = await startTestServer();
    adminKey = (await t.createOrganization()).adminKey;
    runtimeKey = await t.createKey(adminKey, 'RUNTIME');
    await t.ok(adminKey, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
    agentId = (
      await t.ok<Created<'createAgent'>>(
        adminKey,
        `mutation { createAgent(input: { name: "a", model: "anthropic/claude-sonnet-4-5" }) { id } }`,
      )
    ).createAgent.id;
  });
  afterAll(() => t.stop());

  const schema: JsonValue = { type: 'object', properties: { q: { type: 'string' } } };

  it('defines a tool, previews the toolbox and runs a turn, reading both toolboxes with one fragment', async () => {
    const editor = loadoutClient(t.url, adminKey);
    const runtime = loadoutClient(t.url, runtimeKey);
    const tool = await defineTool(editor, { name: 'lookup', description: 'Looks a record up.', inputSchema: schema });
    expect(tool.inputSchema).toEqual(schema);
    expect(typeof tool.updatedAt).toBe('string');
    await defineTool(editor, { name: 'lookup', description: 'The agent’s own.', inputSchema: schema, agentId });

    const preview = await previewToolbox(runtime, agentId, 'web');
    const conversationId = await startConversation(runtime, agentId, 'web', 'dana@acme.example');
    const sent: JsonValue[] = [];
    const turn = await runTurn(runtime, conversationId, 'ANTHROPIC', async (tools) => {
      sent.push(tools);
      return { inputTokens: 1_000, cachedInputTokens: 200, outputTokens: 50 };
    });

    expect(sent).toEqual([[{ name: 'lookup', description: 'The agent’s own.', input_schema: schema }]]);
    expect(turn.begun.index).toBe(1);
    expect(turn.begun.toolbox.fingerprint).toBe(preview.fingerprint);
    expect(turn.sent).toEqual(describeToolbox(preview));
    expect(turn.sent).toEqual(['1. lookup (' + preview.tools[0].schemaTokens + ' tokens)', '- lookup: SHADOWED by lookup']);
    expect(turn.completed.usage).toEqual({ inputTokens: 1_000, cachedInputTokens: 200, outputTokens: 50 });
    expect(turn.completed.cost?.toolDefinitionShare).toBeCloseTo(preview.schemaTokens / 1_000);
  });

  it('throws a LoadoutError naming the input at fault', async () => {
    const error = await startConversation(loadoutClient(t.url, runtimeKey), agentId, 'nowhere').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoadoutError);
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.channel' });
  });
});
