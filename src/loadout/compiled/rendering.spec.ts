import fc from 'fast-check';
import { contentHash, toolboxFingerprint } from '../../common/content-hash';
import { renderTools, type GeminiTool } from '../tokens/providers';
import { compileLoadout } from './compile';
import { toolboxOf } from './serve';
import { propertyOptions } from '../testing/arbitraries';
import { oracleToolbox, worldSituations } from '../testing/oracle';
import { wildWorldArb } from '../testing/wild-names';

/*
 * Every toolbox, whatever names and schemas its definitions were stored
 * with, renders as each provider accepts it. The providers' rules are
 * written out here as they publish them, not taken from the rule under test.
 */
const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const GEMINI_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

/** The fields of Gemini's `Schema`, the OpenAPI 3.0 subset its `parameters` takes. */
const GEMINI_SCHEMA_FIELDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);

/** What Gemini would refuse in a `parameters` schema. */
function outsideSubset(schema: unknown, path: string): string[] {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return [`${path} is no schema`];
  return Object.entries(schema).flatMap(([key, value]: [string, unknown]) => {
    const at = `${path}.${key}`;
    if (!GEMINI_SCHEMA_FIELDS.has(key)) return [at];
    if (key === 'type') return typeof value === 'string' ? [] : [`${at} is not one type`];
    if (key === 'items') return outsideSubset(value, at);
    if (key === 'properties') return Object.entries(value as object).flatMap(([p, s]) => outsideSubset(s, `${at}.${p}`));
    if (key === 'anyOf') return (value as unknown[]).flatMap((s, i) => outsideSubset(s, `${at}[${i}]`));
    return [];
  });
}

/** Each provider's objections to a rendered tool list, none when it would accept it. */
function objections(tools: Parameters<typeof renderTools>[1]): string[] {
  const out: string[] = [];
  const names = (provider: string, list: string[], rule: RegExp) => {
    for (const name of list) if (!rule.test(name)) out.push(`${provider} refuses the name ${name}`);
    if (new Set(list).size !== list.length) out.push(`${provider} is sent one name twice: ${list.join(', ')}`);
  };
  names(
    'OpenAI',
    renderTools('openai', tools).map((t) => t.function.name),
    OPENAI_NAME,
  );
  names(
    'Anthropic',
    renderTools('anthropic', tools).map((t) => t.name),
    ANTHROPIC_NAME,
  );
  const gemini: GeminiTool[] = renderTools('google', tools);
  const declarations = gemini.flatMap((t) => t.functionDeclarations);
  names(
    'Gemini',
    declarations.map((d) => d.name),
    GEMINI_NAME,
  );
  for (const d of declarations as unknown as Array<Record<string, unknown>>) {
    if ('parameters' in d === 'parametersJsonSchema' in d) out.push(`Gemini: ${String(d.name)} needs parameters or parametersJsonSchema`);
    if ('parameters' in d) out.push(...outsideSubset(d.parameters, `${String(d.name)}.parameters`));
  }
  return out;
}

describe('every rendering of every toolbox, over names and schemas of every kind', () => {
  it('passes all three providers’ rules, carries no name twice, and is what the fingerprint hashes', () => {
    fc.assert(
      fc.property(wildWorldArb, (rows) => {
        const loadout = compileLoadout(rows);
        const situations = worldSituations(rows);
        for (const agent of rows.agents) {
          for (const s of situations) {
            const { page } = s;
            const toolbox = toolboxOf(loadout, loadout.agents.get(agent.id)!, s.channelKey, page);
            const sent = toolbox.entries.map((e) => e.visible);
            expect(objections(sent)).toEqual([]);
            const sentHashes = sent.map((v) => contentHash({ name: v.name, description: v.description, inputSchema: v.inputSchema }));
            expect(toolbox.fingerprint).toBe(toolboxFingerprint(sentHashes));
            const expected = oracleToolbox(rows, agent, s.channelKey, page);
            expect(toolbox.entries.map((e) => e.id)).toEqual(expected.entries.map((e) => e.tool.id));
            expect(toolbox.fingerprint).toBe(expected.fingerprint);
            for (const e of toolbox.entries) {
              const stored = loadout.storedNameOf(e.renderedName);
              expect(loadout.sorted.some((t) => t.name === stored && t.renderedName === e.renderedName)).toBe(true);
            }
          }
        }
      }),
      propertyOptions(100),
    );
  });

  it('finds what Gemini’s parameters would refuse, so the check above can fail', () => {
    const schema = { $schema: 'x', type: ['object'], $defs: {}, properties: { a: { $ref: '#/$defs/a' } }, additionalProperties: false };
    const asParameters = [{ functionDeclarations: [{ name: 'x', description: '', parameters: schema }] }];
    expect(outsideSubset(asParameters[0].functionDeclarations[0].parameters, 'x')).toEqual([
      'x.$schema',
      'x.type is not one type',
      'x.$defs',
      'x.properties.a.$ref',
      'x.additionalProperties',
    ]);
    expect(objections([{ name: 'x', description: '', inputSchema: schema }])).toEqual([]);
  });
});
