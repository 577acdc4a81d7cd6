import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import type { ModelVisibleContent } from '../../common/content-hash';
import overheads from './anthropic-overheads.json';
import referenced from './fixtures/referenced-schemas.json';
import { estimateToolTokens, requestOverheadTokens, type ToolChoice } from './estimate-tokens';

/*
 * Fixtures copied from the shared tool corpus (tools.json, reference.json):
 * o200kJson = o200k_base tokens of the compact JSON {name, description,
 * parameters}; cookbook = the per-tool part of the OpenAI cookbook's
 * num_tokens_for_tools for gpt-4o. Copied, not read, so the specs run in a
 * fresh clone.
 */
interface Fixture {
  tool: ModelVisibleContent;
  o200kJson: number;
  cookbook: number;
  nested: boolean;
}

const weather: Fixture = {
  tool: {
    name: 'get_current_weather',
    description: 'Get the current weather in a given location',
    inputSchema: {
      type: 'object',
      properties: {
        location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' },
        unit: { type: 'string', description: 'The unit of temperature to return', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['location'],
    },
  },
  o200kJson: 78,
  cookbook: 56,
  nested: false,
};

const readFile: Fixture = {
  tool: {
    name: 'read_file',
    description: 'Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead.',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        path: { type: 'string' },
        tail: { description: 'If provided, returns only the last N lines of the file', type: 'number' },
        head: { description: 'If provided, returns only the first N lines of the file', type: 'number' },
      },
      required: ['path'],
    },
  },
  o200kJson: 106,
  cookbook: 73,
  nested: false,
};

const mergePullRequest: Fixture = {
  tool: {
    name: 'merge_pull_request',
    description: 'Merge a pull request in a GitHub repository.',
    inputSchema: {
      properties: {
        commit_message: { description: 'Extra detail for merge commit', type: 'string' },
        commit_title: { description: 'Title for merge commit', type: 'string' },
        merge_method: { description: 'Merge method', enum: ['merge', 'squash', 'rebase'], type: 'string' },
        owner: { description: 'Repository owner', type: 'string' },
        pullNumber: { description: 'Pull request number', type: 'number' },
        repo: { description: 'Repository name', type: 'string' },
      },
      required: ['owner', 'repo', 'pullNumber'],
      type: 'object',
    },
  },
  o200kJson: 131,
  cookbook: 93,
  nested: false,
};

const createEntities: Fixture = {
  tool: {
    name: 'create_entities',
    description: 'Create multiple new entities in the knowledge graph',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        entities: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string', description: 'The name of the entity' },
              entityType: { type: 'string', description: 'The type of the entity' },
              observations: {
                type: 'array',
                items: { type: 'string' },
                description: 'An array of observation contents associated with the entity',
              },
            },
            required: ['name', 'entityType', 'observations'],
          },
        },
      },
      required: ['entities'],
    },
  },
  o200kJson: 129,
  cookbook: 28,
  nested: true,
};

const fixtures = [weather, readFile, mergePullRequest, createEntities];
const flat = fixtures.filter((f) => !f.nested);

describe('OpenAI estimate', () => {
  it.each(flat.map((f) => [f.tool.name, f] as const))('reproduces the cookbook figure for flat %s', (_name, f) => {
    expect(estimateToolTokens(f.tool, 'openai/gpt-4o')).toBe(f.cookbook);
  });

  // The cookbook's printed API figures for the weather tool and its two messages:
  // 3 per message + role + content, and 3 to prime the reply.
  const messages = [
    ['system', 'You are a helpful assistant that can answer to questions about the weather.'],
    ['user', "What's the weather like in San Francisco?"],
  ];
  it.each([
    ['openai/gpt-4o', countO200k, 101],
    ['openai/gpt-4o-mini', countO200k, 101],
    ['openai/gpt-4', countCl100k, 105],
    ['openai/gpt-3.5-turbo', countCl100k, 105],
  ] as const)('adds up to the API prompt count the cookbook printed for %s', (model, count, apiPromptTokens) => {
    const messageTokens = messages.reduce((sum, [role, content]) => sum + 3 + count(role) + count(content), 3);
    expect(estimateToolTokens(weather.tool, model) + requestOverheadTokens(model, 1) + messageTokens).toBe(apiPromptTokens);
  });

  it('charges func_end once per request with tools, not per tool', () => {
    expect(requestOverheadTokens('openai/gpt-4o', 0)).toBe(0);
    expect(requestOverheadTokens('openai/gpt-4o', 1)).toBe(12);
    expect(requestOverheadTokens('openai/gpt-4o', 40)).toBe(12);
  });

  it('counts nested schemas, which the cookbook ignores, and stays below the raw JSON', () => {
    const estimate = estimateToolTokens(createEntities.tool, 'openai/gpt-4o');
    expect(estimate).toBeGreaterThan(createEntities.cookbook);
    expect(estimate).toBeLessThan(createEntities.o200kJson);
  });

  // Real tools whose schemas reference others: LINE's `$ref`s into its own properties, Microsoft 365's `$defs`.
  it.each(referenced.map((f) => [f.server, f.tool.name, f] as const))(
    'counts the schemas %s references in %s, between the cookbook and the JSON, as close to the JSON as nested tools',
    (_server, _name, f) => {
      const estimate = estimateToolTokens(f.tool, 'openai/gpt-4o');
      expect(estimate).toBeGreaterThan(f.cookbook);
      expect(estimate).toBeLessThan(f.o200kJson);
      // Nested tools of the corpus sit under a third below their JSON; referenced schemas left out would put these far lower.
      expect(estimate / f.o200kJson).toBeGreaterThan(0.4);
    },
  );

  it('counts each schema in $defs or definitions once, and a $ref as the name it points at', () => {
    const tool = (schema: object) => ({ name: 'find', description: 'Find issues', inputSchema: { type: 'object', ...schema } });
    const ref = { properties: { filter: { $ref: '#/$defs/IssueFilter' } } };
    const defs = { IssueFilter: { type: 'object', description: 'Which issues', properties: { state: { type: 'string' } } } };
    const bare = estimateToolTokens(tool(ref), 'openai/gpt-4o');
    expect(estimateToolTokens(tool({ ...ref, $defs: defs }), 'openai/gpt-4o')).toBeGreaterThan(bare);
    expect(estimateToolTokens(tool({ ...ref, definitions: defs }), 'openai/gpt-4o')).toBe(
      estimateToolTokens(tool({ ...ref, $defs: defs }), 'openai/gpt-4o'),
    );
    expect(bare).toBeGreaterThan(estimateToolTokens(tool({ properties: { filter: {} } }), 'openai/gpt-4o'));
  });

  it.each([
    [
      'object properties',
      { type: 'object', description: 'Filter' },
      { type: 'object', description: 'Filter', properties: { state: { type: 'string', description: 'Issue state' } } },
    ],
    [
      'array items',
      { type: 'array', description: 'Filter' },
      { type: 'array', description: 'Filter', items: { type: 'string', enum: ['open', 'closed'] } },
    ],
    [
      'anyOf members',
      { description: 'Filter' },
      { description: 'Filter', anyOf: [{ type: 'string' }, { type: 'number', description: 'Issue number' }] },
    ],
  ])('adds tokens for %s below a property', (_kind, shallow, nested) => {
    const withFilter = (filter: object) => ({
      name: 'find',
      description: 'Find issues',
      inputSchema: { type: 'object', properties: { filter } },
    });
    expect(estimateToolTokens(withFilter(nested), 'openai/gpt-4o')).toBeGreaterThan(
      estimateToolTokens(withFilter(shallow), 'openai/gpt-4o'),
    );
  });

  it('uses the gpt-4 constants and cl100k_base for gpt-4 and gpt-3.5, gpt-4o constants for later models', () => {
    expect(estimateToolTokens(weather.tool, 'openai/gpt-4-turbo')).toBe(59);
    for (const model of ['openai/gpt-4.1', 'openai/gpt-5', 'openai/o3', 'openai/gpt-4o-2024-08-06']) {
      expect(estimateToolTokens(weather.tool, model)).toBe(56);
    }
  });

  it('renders an unknown provider the OpenAI way', () => {
    expect(estimateToolTokens(mergePullRequest.tool, 'mistral/mistral-large')).toBe(mergePullRequest.cookbook);
    expect(requestOverheadTokens('mistral/mistral-large', 3)).toBe(12);
  });
});

describe('JSON-rendered estimates (Anthropic, Gemini)', () => {
  // Both count the provider's JSON with o200k_base: the only differences from
  // the reference JSON are key names and key order.
  it.each(
    fixtures.flatMap((f) => [['anthropic/claude-sonnet-4-5', f.tool.name, f] as const, ['google/gemini-2.5-pro', f.tool.name, f] as const]),
  )('%s counts %s within 5% of the o200k JSON reference', (model, _name, f) => {
    const estimate = estimateToolTokens(f.tool, model);
    expect(Math.abs(estimate - f.o200kJson) / f.o200kJson).toBeLessThanOrEqual(0.05);
  });

  it('counts every tool above the cookbook figure, nested ones far above', () => {
    for (const f of fixtures) expect(estimateToolTokens(f.tool, 'anthropic/claude-sonnet-4-5')).toBeGreaterThan(f.cookbook);
    expect(estimateToolTokens(createEntities.tool, 'google/gemini-2.5-pro')).toBeGreaterThan(4 * createEntities.cookbook);
  });

  it('adds no fixed request overhead for Gemini', () => {
    expect(requestOverheadTokens('google/gemini-2.5-pro', 5)).toBe(0);
  });
});

describe('Anthropic tool-use system prompt', () => {
  // Anthropic's published "tool use system prompt token count" figures.
  it.each([
    ['claude-sonnet-4-5-20250929', 'auto', 346],
    ['claude-sonnet-4-5', 'none', 346],
    ['claude-sonnet-4-5', 'any', 313],
    ['claude-sonnet-4-5', 'tool', 313],
    ['claude-opus-4-1', 'auto', 346],
    ['claude-3-7-sonnet-20250219', 'any', 313],
    ['claude-3-5-sonnet-20241022', 'auto', 346],
    ['claude-3-5-sonnet-20240620', 'auto', 294],
    ['claude-3-5-sonnet-20240620', 'tool', 261],
    ['claude-3-5-haiku-20241022', 'auto', 264],
    ['claude-3-5-haiku-20241022', 'any', 340],
    ['claude-3-opus-20240229', 'auto', 530],
    ['claude-3-opus-20240229', 'any', 281],
    ['claude-3-sonnet-20240229', 'auto', 159],
    ['claude-3-sonnet-20240229', 'tool', 235],
    ['claude-3-haiku-20240307', 'none', 264],
    ['claude-3-haiku-20240307', 'any', 340],
  ] as const)('%s with tool_choice %s: %i tokens', (model, choice, tokens) => {
    expect(requestOverheadTokens(`anthropic/${model}`, 3, choice)).toBe(tokens);
  });

  it('takes every figure from the data table', () => {
    for (const row of overheads.models) {
      const model = `anthropic/${row.prefix}`;
      for (const choice of ['auto', 'none'] as ToolChoice[]) expect(requestOverheadTokens(model, 1, choice)).toBe(row.autoOrNone);
      for (const choice of ['any', 'tool'] as ToolChoice[]) expect(requestOverheadTokens(model, 1, choice)).toBe(row.anyOrTool);
    }
    expect(requestOverheadTokens('anthropic/claude-future-9', 1, 'auto')).toBe(overheads.default.autoOrNone);
    expect(requestOverheadTokens('anthropic/claude-future-9', 1, 'any')).toBe(overheads.default.anyOrTool);
  });

  it('defaults to tool_choice auto and costs nothing without tools', () => {
    expect(requestOverheadTokens('anthropic/claude-3-opus-20240229', 2)).toBe(530);
    expect(requestOverheadTokens('anthropic/claude-3-opus-20240229', 0, 'any')).toBe(0);
  });

  it('counts the tool itself the same whatever the Claude model', () => {
    expect(estimateToolTokens(weather.tool, 'anthropic/claude-3-haiku-20240307')).toBe(
      estimateToolTokens(weather.tool, 'anthropic/claude-opus-4-1'),
    );
  });
});

describe('memoised estimate', () => {
  it('depends on content, not key order, and repeats itself', () => {
    const reordered: ModelVisibleContent = {
      description: mergePullRequest.tool.description,
      name: mergePullRequest.tool.name,
      inputSchema: {
        type: 'object',
        required: ['owner', 'repo', 'pullNumber'],
        properties: (mergePullRequest.tool.inputSchema as { properties: object }).properties,
      },
    };
    for (const model of ['openai/gpt-4o', 'anthropic/claude-sonnet-4-5', 'google/gemini-2.5-pro']) {
      const first = estimateToolTokens(mergePullRequest.tool, model);
      expect(estimateToolTokens(mergePullRequest.tool, model)).toBe(first);
      expect(estimateToolTokens(reordered, model)).toBe(first);
    }
  });

  it('keeps estimates apart per model', () => {
    expect(estimateToolTokens(weather.tool, 'openai/gpt-4')).not.toBe(estimateToolTokens(weather.tool, 'openai/gpt-4o'));
  });

  it('counts special-token text in a description as plain text', () => {
    const tool = (description: string) => ({ name: 'echo', description, inputSchema: { type: 'object', properties: {} } });
    for (const model of ['openai/gpt-4o', 'openai/gpt-4', 'anthropic/claude-sonnet-4-5']) {
      expect(estimateToolTokens(tool('Echoes <|endoftext|> verbatim'), model)).toBeGreaterThan(
        estimateToolTokens(tool('Echoes verbatim'), model),
      );
    }
  });
});
