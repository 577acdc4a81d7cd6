import { getMetadataStorage } from 'type-graphql';
import { resolvers } from './build-schema';

/**
 * Every root operation and the least role it needs, one line each, sorted:
 * checked in at schema/permissions.txt so a change of access shows up in
 * review as a diff. An operation without a role reads `NONE`.
 */
export function operationPermissions(): string[] {
  const storage = getMetadataStorage();
  const registered = new Set<unknown>(resolvers);
  const kinds = [
    ['Query', storage.queries],
    ['Mutation', storage.mutations],
    ['Subscription', storage.subscriptions],
  ] as const;
  return kinds
    .flatMap(([type, defs]) =>
      defs
        .filter((d) => registered.has(d.target))
        .map((d) => {
          const auth = storage.authorizedFields.find((a) => a.target === d.target && a.fieldName === d.methodName);
          return `${type}.${d.schemaName}: ${auth?.roles.join(' | ') || 'NONE'}`;
        }),
    )
    .sort();
}
