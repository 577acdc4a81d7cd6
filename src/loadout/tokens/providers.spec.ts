import { providerOf, renderTools } from './providers';
import { renderedToolName } from './tool-names';

const search = { name: 'search', description: 'Search issues', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } };
const close = { name: 'close', description: 'Close an issue', inputSchema: { type: 'object', properties: {} } };

describe('providerOf', () => {
  it.each([
    ['openai/gpt-4o', 'openai'],
    ['anthropic/claude-sonnet-4-5', 'anthropic'],
    ['Anthropic/claude-3-haiku-20240307', 'anthropic'],
    ['google/gemini-2.5-pro', 'google'],
    ['mistral/mistral-large-latest', 'openai'],
    ['gpt-4o', 'openai'],
    ['claude-sonnet-4-5', 'openai'],
  ])('%s is rendered as %s', (model, provider) => {
    expect(providerOf(model)).toBe(provider);
  });
});

describe('renderTools', () => {
  it('renders OpenAI function tools in order', () => {
    expect(renderTools('openai', [search, close])).toEqual([
      { type: 'function', function: { name: 'search', description: 'Search issues', parameters: search.inputSchema } },
      { type: 'function', function: { name: 'close', description: 'Close an issue', parameters: close.inputSchema } },
    ]);
  });

  it('renders Anthropic tools with input_schema, in order', () => {
    expect(renderTools('anthropic', [close, search])).toEqual([
      { name: 'close', description: 'Close an issue', input_schema: close.inputSchema },
      { name: 'search', description: 'Search issues', input_schema: search.inputSchema },
    ]);
  });

  it('renders Gemini declarations in one Tool, in order, with the full JSON Schema, and nothing for no tools', () => {
    expect(renderTools('google', [search, close])).toEqual([
      {
        functionDeclarations: [
          { name: 'search', description: 'Search issues', parametersJsonSchema: search.inputSchema },
          { name: 'close', description: 'Close an issue', parametersJsonSchema: close.inputSchema },
        ],
      },
    ]);
    expect(renderTools('google', [])).toEqual([]);
  });

  it('renders Responses API function tools flat, strict only where the schema is strict-ready, in order', () => {
    const ready = { ...close, inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false } };
    expect(renderTools('openai-responses', [search, ready])).toEqual([
      { type: 'function', name: 'search', description: 'Search issues', parameters: search.inputSchema, strict: false },
      { type: 'function', name: 'close', description: 'Close an issue', parameters: ready.inputSchema, strict: true },
    ]);
  });

  it('renders neutral tools with the schema as sent, and an MCP tool with its server and its own name', () => {
    const mcp = {
      name: 'mcp__github__close',
      description: 'Close',
      inputSchema: close.inputSchema,
      mcp: { server: 'github', toolName: 'close' },
    };
    expect(renderTools('neutral', [search, mcp, { ...close, mcp: null }])).toEqual([
      { name: 'search', description: 'Search issues', inputSchema: search.inputSchema },
      { name: 'mcp__github__close', description: 'Close', inputSchema: close.inputSchema, mcpServer: 'github', mcpToolName: 'close' },
      { name: 'close', description: 'Close an issue', inputSchema: close.inputSchema },
    ]);
    expect(Object.keys(renderTools('neutral', [search])[0])).toEqual(['name', 'description', 'inputSchema']);
  });

  it('keeps the schema object as stored in every rendering: what was counted is what is sent', () => {
    for (const rendering of ['openai', 'openai-responses', 'anthropic', 'google', 'neutral'] as const) {
      const text = JSON.stringify(renderTools(rendering, [search]));
      expect(text).toContain(JSON.stringify(search.inputSchema));
    }
  });

  it('sends a name no provider accepts (a snapshot recorded before the rule) in its short form, for every provider', () => {
    const dotted = { ...close, name: 'issues.close' };
    const short = renderedToolName('issues.close');
    expect(renderTools('openai', [dotted])[0].function.name).toBe(short);
    expect(renderTools('anthropic', [dotted])[0].name).toBe(short);
    expect(renderTools('google', [dotted])[0].functionDeclarations[0].name).toBe(short);
    expect(renderTools('openai-responses', [dotted])[0].name).toBe(short);
    expect(renderTools('neutral', [dotted])[0].name).toBe(short);
  });
});
