import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { generateText, jsonSchema, tool, type ToolSet } from 'ai';
import type { GeminiTool } from '../../src/loadout/tokens';

/*
 * The request bodies two Gemini clients would send for a toolbox: each
 * client's own `fetch` is a stub that keeps the body and answers, so nothing
 * leaves the process.
 */

/** A tool as Loadout's NEUTRAL rendering gives it, which a runtime hands the AI SDK as `tool({ inputSchema: jsonSchema(…) })`. */
export interface NeutralTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** A Gemini function declaration as a request body carries it. */
export interface SentDeclaration {
  name: string;
  description: string;
  parameters?: unknown;
  parametersJsonSchema?: unknown;
}

const STUB_RESPONSE = {
  candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }],
  usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
};
// Never reached: the stub answers first.
const UNUSED_BASE = 'http://127.0.0.1:9';

type Body = { tools?: Array<{ functionDeclarations?: SentDeclaration[] }> };

/** A `fetch` that keeps each request body it is given and answers with one stub response. */
function capturing(): { fetch: (url: unknown, init?: RequestInit) => Promise<Response>; declarations: () => SentDeclaration[] } {
  let body: Body | undefined;
  return {
    fetch: async (_url, init) => {
      body = JSON.parse(String(init?.body)) as Body;
      return new Response(JSON.stringify(STUB_RESPONSE), { status: 200, headers: { 'content-type': 'application/json' } });
    },
    declarations: () => {
      const declarations = body?.tools?.flatMap((t) => t.functionDeclarations ?? []);
      if (!declarations) throw new Error('no function declarations were sent');
      return declarations;
    },
  };
}

/** What `@ai-sdk/google` sends for these tools, each handed to it as `tool({ description, inputSchema: jsonSchema(…) })`. */
export async function declarationsSentByAiSdk(tools: readonly NeutralTool[]): Promise<SentDeclaration[]> {
  const capture = capturing();
  const google = createGoogleGenerativeAI({ apiKey: 'not-used', baseURL: `${UNUSED_BASE}/v1beta`, fetch: capture.fetch });
  const toolSet: ToolSet = Object.fromEntries(
    tools.map((t) => [t.name, tool({ description: t.description, inputSchema: jsonSchema(t.inputSchema) })]),
  );
  await generateText({ model: google('gemini-2.5-pro'), tools: toolSet, prompt: 'hello' });
  return capture.declarations();
}

/** What `@google/genai` sends for Loadout's GOOGLE rendering, passed as `config.tools`. */
export async function declarationsSentByGenai(tools: GeminiTool[]): Promise<SentDeclaration[]> {
  const capture = capturing();
  // An ES module: loaded as one.
  const { GoogleGenAI } = await import('@google/genai');
  const ai = new GoogleGenAI({ apiKey: 'not-used', httpOptions: { baseUrl: UNUSED_BASE, fetch: capture.fetch } });
  await ai.models.generateContent({ model: 'gemini-2.5-pro', contents: 'hello', config: { tools } });
  return capture.declarations();
}
