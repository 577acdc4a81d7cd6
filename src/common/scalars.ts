import { GraphQLJSON } from 'graphql-scalars';
import { DateTimeISOResolver } from 'graphql-scalars';
import { GraphQLError, GraphQLScalarType } from 'graphql';

/** The contract names these `JSON` and `DateTime`. */
export const JSONScalar: GraphQLScalarType = GraphQLJSON;

/**
 * Dates a client may send: from the Unix epoch through the year 9999. Older
 * or later instants mean nothing here (no call, turn or report predates
 * 1970), and outside that range the two databases and JavaScript disagree on
 * what a stored timestamp reads back as.
 */
export const DATE_MIN = new Date('1970-01-01T00:00:00.000Z');
export const DATE_MAX = new Date('9999-12-31T23:59:59.999Z');

/** Why a date is refused, or null. */
export function dateProblem(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return 'is not a date-time';
  if (date < DATE_MIN || date > DATE_MAX) return `must be from ${DATE_MIN.toISOString()} through ${DATE_MAX.toISOString()}`;
  return null;
}

const iso = DateTimeISOResolver.toConfig();
const inRange = (date: Date): Date => {
  const problem = dateProblem(date);
  if (problem) throw new GraphQLError(`DateTime ${problem}`, { extensions: { code: 'BAD_USER_INPUT' } });
  return date;
};

export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  ...iso,
  name: 'DateTime',
  parseValue: (value) => inRange(iso.parseValue!(value) as Date),
  parseLiteral: (ast, variables) => inRange(iso.parseLiteral!(ast, variables) as Date),
} as ConstructorParameters<typeof GraphQLScalarType<Date, string>>[0]);
