import path from 'node:path';
import { projectRoot } from '../src/common/project-root';
import { TscFixtures } from './support/tsc-fixtures';

/*
 * What renderTools gives, assigned to the request types of the providers'
 * own SDKs (openai's Chat Completions and Responses, @anthropic-ai/sdk,
 * @google/genai) and compiled by tsc --strict: a rendering that drifts from
 * what an SDK accepts fails to compile. A second file assigns shapes the SDKs refuse, so the check is
 * seen to fail. Both are compiled outside the project, whose typecheck must
 * never see the second.
 */

const PROVIDERS = path.join(projectRoot(), 'src', 'loadout', 'tokens', 'providers');

const HEADER = `
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';
import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import type { FunctionDeclaration, Tool as GeminiTool } from '@google/genai' with { 'resolution-mode': 'import' };
import { renderTools } from ${JSON.stringify(PROVIDERS)};

const tools = [
  { name: 'lookup', description: 'Looks a record up.', inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
  { name: 'dotted.name', description: 'Sent under a short form.', inputSchema: { type: 'object' } },
];
`;

const ASSIGNS = `${HEADER}
export const openai: ChatCompletionTool[] = renderTools('openai', tools);
export const responses: FunctionTool[] = renderTools('openai-responses', tools);
export const anthropic: Tool[] = renderTools('anthropic', tools);
export const google: GeminiTool[] = renderTools('google', tools);
export const declarations: FunctionDeclaration[] = renderTools('google', tools)[0].functionDeclarations;
`;

// Each line a shape the SDK refuses: an Anthropic tool without input_schema, an OpenAI Chat tool in the flat Responses form,
// a Responses tool in the Chat form, a Responses tool without strict.
const REFUSED = `${HEADER}
export const anthropic: Tool[] = renderTools('anthropic', tools).map(({ input_schema: _, ...rest }) => rest);
export const openai: ChatCompletionTool[] = renderTools('openai', tools).map((t) => ({ type: 'function' as const, ...t.function }));
export const chatAsResponses: FunctionTool[] = renderTools('openai', tools);
export const responses: FunctionTool[] = renderTools('openai-responses', tools).map(({ strict: _, ...rest }) => rest);
`;
const REFUSED_LINES = REFUSED.split('\n')
  .map((line, i) => (line.startsWith('export const') ? i + 1 : 0))
  .filter((n) => n > 0);

let fixtures: TscFixtures;
beforeAll(() => (fixtures = new TscFixtures()));
afterAll(() => fixtures.remove());

it('assigns every rendering to the SDKs’ request types, and tsc refuses shapes the SDKs do not take', async () => {
  const [assigns, refused] = await Promise.all([fixtures.compile('assigns', ASSIGNS), fixtures.compile('refused', REFUSED)]);
  expect(assigns).toEqual({ status: 0, output: '' });
  expect(refused.status).not.toBe(0);
  // Refused on exactly the wrong lines, and for the assignment: not for an import or module setting the fixtures share.
  const errorLines = [...refused.output.matchAll(/^fixture\.ts\((\d+),\d+\): error (TS\d+)/gm)].map((m) => [Number(m[1]), m[2]]);
  expect(errorLines).toEqual(REFUSED_LINES.map((line) => [line, 'TS2322']));
}, 120_000);
