import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { GraphQLError } from 'graphql';

/**
 * A subscription sent over HTTP would run its resolver once, as a query, and
 * fail inside; it is refused up front and pointed to the socket.
 */
export function noSubscriptionsOverHttp<C extends BaseContext>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'subscription') return;
          throw new GraphQLError('Subscriptions are served over graphql-ws (graphql-transport-ws) on /graphql, not over HTTP', {
            extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
          });
        },
      };
    },
  };
}
