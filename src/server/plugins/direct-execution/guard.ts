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
 * adds its implicit plugins to before they start.
 */
export type DirectExecutionServer<C extends BaseContext> = Pick<
  ApolloServerOptionsWithSchema<C>,
  'plugins' | 'rootValue' | 'fieldResolver'
>;

/**
 * Apollo's own plugins that watch execution, by id, and when Apollo installs
 * each by itself: their hooks depend on the request or on their own start,
 * so asking them for hooks before any request would tell nothing.
 */
const APOLLO_EXECUTION_PLUGINS: Record<string, string> = {
  CacheControl: 'unless ApolloServerPluginCacheControlDisabled() is installed',
  UsageReporting: 'when APOLLO_KEY and a graph ref (APOLLO_GRAPH_REF) are set',
  InlineTrace: 'unless ApolloServerPluginInlineTraceDisabled() is installed',
};

interface ApolloInternalPlugin {
  __internal_plugin_id__?: string;
  __is_disabled_plugin__?: boolean;
}

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
 * Apollo's own plugins are known by id; any other is asked once for the
 * hooks it gives a request.
 */
export async function refusals<C extends BaseContext>(
  self: ApolloServerPlugin<C>,
  server: DirectExecutionServer<C>,
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
    if (plugin === self) continue;
    const { __internal_plugin_id__: id, __is_disabled_plugin__: disabled } = plugin as ApolloInternalPlugin;
    if (disabled) continue;
    if (id && id in APOLLO_EXECUTION_PLUGINS) {
      reasons.push(`Apollo's ${id} plugin watches execution (Apollo installs it ${APOLLO_EXECUTION_PLUGINS[id]}): ${BYPASSED}`);
      continue;
    }
    const which = `the plugin at index ${i} of the server's plugins (Apollo's included)`;
    try {
      const hooks = await plugin.requestDidStart?.(noRequest<C>(started));
      if (hooks?.executionDidStart) reasons.push(`${which} has executionDidStart: ${BYPASSED}`);
    } catch (error) {
      reasons.push(`${which} failed when asked for its request hooks (${String(error)}): whether it watches execution is unknown`);
    }
  }
  return reasons;
}
