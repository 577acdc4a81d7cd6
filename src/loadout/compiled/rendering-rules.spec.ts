import fc from 'fast-check';
import { schemaRefusals } from '../tokens/provider-schema-rules';
import { providerOf, renderTools } from '../tokens/providers';
import type { Provider } from '../vocabulary';
import { compileLoadout } from './compile';
import type { LoadoutRows } from './rows';
import { toolboxOf } from './serve';
import { allSituations } from '../rules/situations';
import { propertyOptions, worldArb } from '../testing/arbitraries';
import { wildSchemaArb } from '../testing/wild-schemas';

/*
 * Whatever schemas MCP servers send, no toolbox renders a tool its agent's
 * provider refuses: every rendering of every toolbox of generated worlds,
 * read back out of the provider's own shape, is held to the provider schema
 * rules. Custom tools that break a rule are refused when written, so only
 * MCP tools carry wild schemas here, as the write path allows.
 */

const isObjectSchema = (s: unknown): s is Record<string, unknown> =>
  typeof s === 'object' && s !== null && !Array.isArray(s) && (s as { type?: unknown }).type === 'object';

/** A world whose MCP tools carry schemas as servers send them (objects at the top: others are refused at the report). */
const wildSchemaWorldArb: fc.Arbitrary<LoadoutRows> = worldArb.chain((rows) =>
  fc.tuple(...rows.tools.map(() => wildSchemaArb.filter(isObjectSchema))).map((schemas) => ({
    ...rows,
    tools: rows.tools.map((t, i) =>
      t.source === 'MCP' ? { ...t, inputSchema: schemas[i], schemaRefusals: schemaRefusals(schemas[i]) } : t,
    ),
  })),
);

/** The schemas each provider's rendering sends, read out of its own shape. */
const SENT: Record<Provider, (rendered: unknown) => unknown[]> = {
  openai: (r) => (r as Array<{ function: { parameters: unknown } }>).map((t) => t.function.parameters),
  anthropic: (r) => (r as Array<{ input_schema: unknown }>).map((t) => t.input_schema),
  google: (r) =>
    (r as Array<{ functionDeclarations: Array<{ parametersJsonSchema: unknown }> }>).flatMap((t) =>
      t.functionDeclarations.map((d) => d.parametersJsonSchema),
    ),
};

/** The schemas of every toolbox of every agent, as its provider is sent them, with the provider. */
function everySentSchema(rows: LoadoutRows): Array<{ provider: Provider; schema: unknown }> {
  const loadout = compileLoadout(rows);
  const situations = allSituations(
    rows.channels.map((c) => c.key),
    rows.contextObjects.map((o) => o.key),
  );
  const out: Array<{ provider: Provider; schema: unknown }> = [];
  for (const agent of loadout.agents.values()) {
    const provider = providerOf(agent.model);
    for (const s of situations) {
      const entries = toolboxOf(loadout, agent, s.channelKey, s.page).entries;
      const sent = SENT[provider](
        renderTools(
          provider,
          entries.map((e) => e.visible),
        ),
      );
      for (const schema of sent) out.push({ provider, schema });
    }
  }
  return out;
}

it('renders no tool its agent provider refuses, in any toolbox of any situation', () => {
  fc.assert(
    fc.property(wildSchemaWorldArb, (rows) => {
      for (const { provider, schema } of everySentSchema(rows)) expect(schemaRefusals(schema)?.[provider]).toBeUndefined();
    }),
    propertyOptions(150),
  );
});

it('can fail: the same worlds with their refusals forgotten send schemas their provider refuses', () => {
  const forgotten = wildSchemaWorldArb.map((rows) => ({ ...rows, tools: rows.tools.map((t) => ({ ...t, schemaRefusals: null })) }));
  const found = fc.check(
    fc.property(forgotten, (rows) =>
      everySentSchema(rows).every(({ provider, schema }) => schemaRefusals(schema)?.[provider] === undefined),
    ),
    { ...propertyOptions(300), seed: 7 },
  );
  expect(found.failed).toBe(true);
});
