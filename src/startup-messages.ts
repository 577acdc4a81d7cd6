// What `npm start` prints, once: each step with its time, where everything is, how to get back in to
// existing data, and the lines to paste into a terminal.

/** A step of the start and how long it took: `migrations 1.3 s: 2 applied`. */
export function stepLine(step: string, ms: number, detail?: string): string {
  return `${step} ${(ms / 1000).toFixed(1)} s${detail ? `: ${detail}` : ''}`;
}

/** Where everything is. */
export function addressLines(url: string, production: boolean): string[] {
  return [
    `  GraphQL and subscriptions: ${url}/graphql   health: /healthz   readiness: /readyz`,
    `  conversation debugger: ${url}/debugger`,
    `  agent runtime preview and tools: ${url}/loadout`,
    ...(production ? [] : [`  GraphQL explorer: open ${url}/graphql in a browser`]),
  ];
}

/** Where traces go, when they go anywhere: the endpoint without any credentials its URL holds. */
export function tracingLines(endpoint: string | null, serviceName: string): string[] {
  if (endpoint === null) return [];
  const url = new URL(endpoint);
  return [`  traces: OTLP to ${url.origin}${url.pathname} as service ${JSON.stringify(serviceName)}`];
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

/** The seeded demo: what it holds and what to open; its key is in the lines to paste (exportLines). */
export function demoLines(url: string): string[] {
  return [
    'Seeded a demo organisation, "Acme Support (demo)": its ADMIN key is LOADOUT_KEY below, shown this once.',
    `  open ${url}/debugger and paste the key, or send it to ${url}/graphql as  Authorization: Bearer $LOADOUT_KEY`,
    `  try: query { agents { name toolbox(channel: "web") { toolCount schemaTokens tools { name } dropped { tool { name } reason } } } }`,
  ];
}

/**
 * The last lines of the banner, ready to paste into the terminal the docs'
 * examples run in: every doc reads these two variables. The key only when
 * this start made one (the demo's); otherwise existingDataLines say how to
 * get one.
 */
export function exportLines(url: string, adminKey: string | null): string[] {
  return [
    adminKey
      ? 'Paste into the terminal you run the examples in:'
      : 'Paste into the terminal you run the examples in, and export LOADOUT_KEY=<an ADMIN key> there:',
    `export LOADOUT_URL=${url}`,
    ...(adminKey ? [`export LOADOUT_KEY=${adminKey}`] : []),
  ];
}
