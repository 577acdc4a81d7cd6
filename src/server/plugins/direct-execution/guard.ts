import {
  HeaderMap,
  type ApolloServerOptionsWithSchema,
  type ApolloServerPlugin,
  type BaseContext,
  type GraphQLRequestContext,
  type GraphQLServerContext,
} from '@apollo/server';

/**
 * What of the Apollo server's options the direct path must see: the very
 * object given to `new ApolloServer`, whose `plugins` array Apollo keeps and
 * adds the plugins it installs by itself to before they start.
 */
export type DirectExecutionServer<C extends BaseContext> = Pick<
  ApolloServerOptionsWithSchema<C>,
  'plugins' | 'rootValue' | 'fieldResolver'
>;

const BYPASSED = 'the direct path would bypass its executionDidStart and willResolveField';

/** A request context for no request: enough for a plugin to say which hooks it gives a request. */
const noRequest = <C extends BaseContext>(started: GraphQLServerContext) =>
  ({
    ...started,
    request: { http: { method: 'POST', headers: new HeaderMap(), search: '', body: {} } },
    response: { http: { headers: new HeaderMap(), status: undefined } },
    contextValue: {},
    metrics: {},
    requestIsBatched: false,
  }) as unknown as GraphQLRequestContext<C>;

/**
 * Why the direct path cannot run on this server, one line each (none: it
 * can). It calls the root resolver with no root value, reads every field
 * below it as graphql-js's default resolver does, and no plugin sees
 * execution start or a field resolve on the requests it answers: so no
 * rootValue, no fieldResolver, and no other plugin with `executionDidStart`.
 * A plugin the application gave (`given`: the server's plugins when the
 * direct path was made) is asked once for the hooks it gives a request. One
 * Apollo installed by itself that gives requests hooks at all is refused
 * whatever it answers: Apollo's own (cache control, inline traces, usage
 * reporting) decide their hooks from the request or from their own start,
 * so asking them before any request would tell nothing.
 */
export async function refusals<C extends BaseContext>(
  self: ApolloServerPlugin<C>,
  server: DirectExecutionServer<C>,
  given: ReadonlySet<ApolloServerPlugin<C>>,
  started: GraphQLServerContext,
  rootFields: ReadonlySet<string>,
): Promise<string[]> {
  const reasons: string[] = [];
  if (server.rootValue !== undefined) reasons.push('a rootValue is configured: the direct path calls root resolvers without it');
  if (server.fieldResolver !== undefined) {
    reasons.push("a fieldResolver is configured: the direct path reads fields as properties, as graphql-js's default resolver does");
  }
  const queryFields = started.schema.getQueryType()?.getFields() ?? {};
  for (const name of rootFields) {
    if (!queryFields[name]?.resolve) reasons.push(`Query.${name} is on the allow-list, but the schema has no such field with a resolver`);
  }
  for (const [i, plugin] of (server.plugins ?? []).entries()) {
    if (plugin === self || !plugin.requestDidStart) continue;
    if (!given.has(plugin)) {
      reasons.push(
        `the plugin at index ${i} of the server's plugins was installed by Apollo itself and gives requests hooks (install its Disabled form to leave it out): ${BYPASSED}`,
      );
      continue;
    }
    const which = `the plugin at index ${i} of the server's plugins (Apollo's included)`;
    try {
      const hooks = await plugin.requestDidStart(noRequest<C>(started));
      if (hooks?.executionDidStart) reasons.push(`${which} has executionDidStart: ${BYPASSED}`);
    } catch (error) {
      reasons.push(`${which} failed when asked for its request hooks (${String(error)}): whether it watches execution is unknown`);
    }
  }
  return reasons;
}
