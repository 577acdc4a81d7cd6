/** What `npm start` prints, once: where everything is, and how to get back in to existing data. */
export function addressLines(url: string, production: boolean): string[] {
  return [
    `  GraphQL and subscriptions: ${url}/graphql   health: /healthz   readiness: /readyz`,
    `  conversation debugger: ${url}/debugger`,
    ...(production ? [] : [`  GraphQL explorer: open ${url}/graphql in a browser`]),
  ];
}

/**
 * On a database that already holds organisations no key is shown again (keys
 * are stored hashed), so say how to mint one. The embedded database takes one
 * process at a time: the server must stop first.
 */
export function existingDataLines(organizationNames: string[], embedded: boolean): string[] {
  const org = organizationNames.length === 1 ? JSON.stringify(organizationNames[0]) : '<name>';
  const stop = embedded ? 'stop the server, then ' : '';
  return [
    `Existing data: ${organizationNames.length} organisation(s); their API keys were shown once, when created.`,
    `  lost the ADMIN key? ${stop}run  npm run key -- --org ${org}  (npm run key alone lists the organisations)`,
  ];
}

/**
 * A token the operator configured is never echoed: only one generated for
 * this run, which nobody could know otherwise, with how to keep it, since the
 * next start generates another.
 */
export function operatorTokenLines(token: string | null, generated: boolean): string[] {
  if (generated && token) {
    return [`Operator token (generated for this run): ${token}`, `  to keep it across restarts, start with  LOADOUT_ADMIN_TOKEN=${token}`];
  }
  if (token) return ['Operator token: the one in LOADOUT_ADMIN_TOKEN'];
  return ['No LOADOUT_ADMIN_TOKEN set: createOrganization is disabled.'];
}
