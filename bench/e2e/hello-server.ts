import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';

/**
 * Child process: the baseline server, a minimal Apollo Server 5 answering
 * `{ hello }` on PORT, so the API's figures are read against what the same
 * stack does with no work behind it.
 */
async function main(): Promise<void> {
  const server = new ApolloServer({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } });
  const { url } = await startStandaloneServer(server, { listen: { port: Number(process.env.PORT), host: '127.0.0.1' } });
  console.log(`hello server on ${url}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
