import { GraphQLJSON } from 'graphql-scalars';
import { DateTimeISOResolver } from 'graphql-scalars';
import { GraphQLScalarType } from 'graphql';

/** The contract names these `JSON` and `DateTime`. */
export const JSONScalar: GraphQLScalarType = GraphQLJSON;
export const DateTimeScalar = new GraphQLScalarType({ ...DateTimeISOResolver.toConfig(), name: 'DateTime' });
