import fc from 'fast-check';
import { contentHash } from '../../common/content-hash';
import { schemaRefusals } from '../tokens/provider-schema-rules';
import { renderedToolName } from '../tokens/tool-names';
import type { LoadoutRows, ToolRow } from '../compiled/rows';
import { nameArb, worldArb } from './arbitraries';

/**
 * Random organisations whose definitions carry every kind of name a stored
 * definition can have: new ones every provider accepts, ones stored before
 * the rule (dots, a leading digit, up to 128 characters), MCP names whose
 * prefixed form is long, names chosen equal to another's short form; and
 * input schemas with the JSON Schema keywords Gemini's `parameters` refuses.
 */

const NAME_CHARS = fc.constantFrom(...'abcxyzAZ019_-.:'.split(''));
const LONG_REPORTED = `create_or_update_file_contents_in_${'repository_'.repeat(3)}`;

/** A name as a definition may be stored with; small pools, so names often meet. */
export const storedNameArb = fc.oneof(
  nameArb,
  fc.constantFrom('dotted.name', '9starts', 'a'.repeat(65), 'x'.repeat(128), 'n0.v2', 'n0:v2', renderedToolName('dotted.name')),
  fc.string({ unit: NAME_CHARS, minLength: 1, maxLength: 130 }),
);

/** What an MCP server may report: a name every provider accepts, often one whose prefixed form is too long. */
const reportedNameArb = fc.oneof(
  nameArb,
  fc.integer({ min: 1, max: 64 - 2 }).map((n) => `${LONG_REPORTED.slice(0, n)}_${n}`),
);

const leaf = fc.constantFrom<Record<string, unknown>>(
  { type: 'string' },
  { type: ['string', 'null'] },
  { const: 'fixed' },
  { $ref: '#/$defs/thing' },
  { type: 'object', additionalProperties: false, propertyNames: { pattern: '^[a-z]+$' } },
  { type: 'array', items: { type: 'integer' }, prefixItems: [{ type: 'integer' }] },
  { anyOf: [{ type: 'string' }, { type: 'number' }] },
);

/** An object schema with some of the keywords of full JSON Schema. */
export const schemaArb = fc
  .record({
    properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), leaf, { maxKeys: 3 }),
    dialect: fc.boolean(),
    defs: fc.boolean(),
    closed: fc.boolean(),
  })
  .map(({ properties, dialect, defs, closed }) => ({
    ...(dialect ? { $schema: 'https://json-schema.org/draft/2020-12/schema' } : {}),
    type: 'object',
    properties,
    ...(defs ? { $defs: { thing: { type: 'object', properties: { id: { type: 'string' } } } } } : {}),
    ...(closed ? { additionalProperties: false } : {}),
  }));

function renamed(tool: ToolRow, stored: string, reported: string, inputSchema: Record<string, unknown>): ToolRow {
  const name = tool.mcpServerId ? `mcp__${tool.mcpServerId}__${reported}` : stored;
  return {
    ...tool,
    name,
    mcpToolName: tool.mcpServerId ? reported : null,
    inputSchema,
    schemaRefusals: schemaRefusals(inputSchema),
    contentHash: contentHash({ name, description: tool.description, inputSchema }),
  };
}

export const wildWorldArb: fc.Arbitrary<LoadoutRows> = worldArb.chain((rows) =>
  fc
    .tuple(...rows.tools.map(() => fc.tuple(storedNameArb, reportedNameArb, schemaArb)))
    .map((names) => ({ ...rows, tools: rows.tools.map((t, i) => renamed(t, ...names[i])) })),
);
