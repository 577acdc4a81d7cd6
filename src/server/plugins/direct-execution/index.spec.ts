import { ApolloServer, type ApolloServerOptionsWithSchema, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { Stats } from '../../../common/stats';
import { directExecution } from './index';
import { ROOT_FIELDS, WELL, rootOf, schema, type Root } from './schema.fixture';

type Options = ApolloServerOptionsWithSchema<Root>;

/** An Apollo server over the fixture schema, as create-server builds one: Apollo's tracing plugins off, the direct path last. */
function serverWith(over: Partial<Options> = {}, rootFields: readonly string[] = [...ROOT_FIELDS], beside = tracingOff()) {
  const stats = new Stats();
  const plugins = [...beside, ...(over.plugins ?? [])];
  const options: Options = { schema, ...over, plugins };
  plugins.push(directExecution({ server: options, stats, rootFields }));
  return { apollo: new ApolloServer<Root>(options), stats };
}

const tracingOff = (): ApolloServerPlugin<Root>[] => [ApolloServerPluginCacheControlDisabled(), ApolloServerPluginInlineTraceDisabled()];

const watching: ApolloServerPlugin<Root> = {
  async requestDidStart() {
    return {
      async executionDidStart() {
        return { willResolveField: () => undefined };
      },
    };
  },
};

describe('refuses to start, saying why', () => {
  it.each<[string, () => ApolloServer<Root>, RegExp]>([
    [
      'beside a plugin with executionDidStart',
      () => serverWith({ plugins: [watching] }).apollo,
      /the plugin at index 2 of the server's plugins \(Apollo's included\) has executionDidStart/,
    ],
    ['with a rootValue', () => serverWith({ rootValue: {} }).apollo, /a rootValue is configured/],
    ['with a fieldResolver', () => serverWith({ fieldResolver: () => 1 }).apollo, /a fieldResolver is configured/],
    [
      "beside Apollo's cache-control plugin, which Apollo installs by itself",
      () => serverWith({}, [...ROOT_FIELDS], [ApolloServerPluginInlineTraceDisabled()]).apollo,
      /the plugin at index \d+ of the server's plugins was installed by Apollo itself and gives requests hooks/,
    ],
    ['with an allow-listed field the schema lacks', () => serverWith({}, ['item', 'itme']).apollo, /Query\.itme is on the allow-list/],
  ])('%s', async (_, build, why) => {
    const start = build().start();
    await expect(start).rejects.toThrow(/^Direct execution refuses to start/);
    await expect(start).rejects.toThrow(why);
  });
});

describe('started beside plugins that do not watch execution', () => {
  const observed: string[] = [];
  const observer: ApolloServerPlugin<Root> = {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          observed.push(operation?.operation ?? 'none');
        },
      };
    },
  };
  const { apollo, stats } = serverWith({ plugins: [observer] }, ['item']);
  const plain = new ApolloServer<Root>({ schema });
  beforeAll(() => Promise.all([apollo.start(), plain.start()]));
  afterAll(() => Promise.all([apollo.stop(), plain.stop()]));

  const send = async (server: ApolloServer<Root>, query: string, root: Root) => {
    const response = await server.executeOperation({ query }, { contextValue: root });
    return response.body.kind === 'single' ? response.body.singleResult : undefined;
  };

  it('answers an allow-listed query directly, hands an unusual one back with its root field resolved once, and counts both', async () => {
    const answered = rootOf(WELL);
    expect(await send(apollo, '{ item { i s } }', answered)).toEqual({ data: { item: { i: 1, s: 'x' } } });
    expect(answered.resolutions.count).toBe(1);

    const handedBack = rootOf({ ni: null });
    const alone = rootOf({ ni: null });
    const answer = await send(apollo, '{ item { ni } }', handedBack);
    expect(answer?.errors).toHaveLength(1);
    expect(answer).toEqual(await send(plain, '{ item { ni } }', alone));
    expect(handedBack.resolutions.count).toBe(1);
    expect(alone.resolutions.count).toBe(1);

    expect(stats).toMatchObject({ directAnswered: 1, directHandedBack: 1 });
    expect(observed).toEqual(['query', 'query']);
  });

  it('leaves a root field that is not on the allow-list to graphql-js', async () => {
    const before = { ...stats };
    const root = rootOf(WELL);
    expect(await send(apollo, '{ items { i } }', root)).toEqual({ data: { items: [{ i: 1 }, { i: 1 }] } });
    expect(stats).toMatchObject({ directAnswered: before.directAnswered, directHandedBack: before.directHandedBack });
  });
});
