import { DEFAULT_SERVER_URL, type DatabaseKind } from './database';

/** How big the worlds are and how long the loads run; --quick shrinks all of it to check the harness itself. */
export interface Sizes {
  rounds: number;
  loadSeconds: number;
  world: { channels: number; contextObjects: number; agents: number; tools: number };
  toolboxConnections: number;
  beginTurn: { conversations: number; connections: number };
  /** Each series of edits: `warmUp` edits not counted, then the median of `edits`. */
  edit: { warmUp: number; edits: number; agents: number; larger: Array<{ agents: number; tools: number }> };
  createTools: { agents: number; tools: number; concurrency: number; budgetSeconds: number };
  recordToolCalls: { connections: number; batchSize: number; toolNames: number; users: number };
  budget: { tools: number; calls: number; users: number; days: number; apiSeedingSeconds: number; samples: number };
  scale: { agents: number; connections: number; tools: [number, number, number] };
  /** An expired month of `monthCalls` dropped under a recordToolCalls load of `loadSeconds`; the baseline probe lasts `probeSeconds`. */
  retention: {
    monthCalls: number;
    connections: number;
    batchSize: number;
    toolNames: number;
    users: number;
    loadSeconds: number;
    probeSeconds: number;
  };
  /** Many organisations of one shape, read with a Zipf popularity. */
  organizations: { count: number; tools: number; agents: number; connections: number; zipfExponent: number };
  /** One large organisation read first after each restart. */
  coldOrganization: { tools: number; agents: number; channels: number; samples: number };
  /** Two instances on one database: the toolbox load's connections (half on each), and edits on one watched on the other. */
  instances: { connections: number; edits: number; intervalMs: number };
  /** Servers Loadout probes (each listing `toolsEach` tools) every `intervalMs` while another organisation's toolboxes are read. */
  /** `rounds`: of each phase; more than elsewhere, since one probe's burst weighs on a short round. */
  probing: { servers: number; toolsEach: number; intervalMs: number; connections: number; rounds: number };
  /** Model requests per round and arm of the runtime loop. */
  runtimeLoop: { requests: number };
  /** The MCP gateway: tools of its one upstream server, lists and calls each way, and sessions held open. */
  mcpGateway: { toolsEach: number; requests: number; sessions: number };
  /** The long run: `minutes` of mixed traffic in `windows`, an expired month of `monthCalls` dropped in each. */
  soak: {
    minutes: number;
    windows: number;
    toolboxConnections: number;
    beginTurnConnections: number;
    callConnections: number;
    editIntervalMs: number;
    conversations: number;
    monthCalls: number;
  };
}

const FULL: Sizes = {
  rounds: 3,
  loadSeconds: 5,
  world: { channels: 20, contextObjects: 50, agents: 100, tools: 1000 },
  toolboxConnections: 50,
  beginTurn: { conversations: 200, connections: 20 },
  edit: {
    warmUp: 10,
    edits: 15,
    agents: 100,
    larger: [
      { agents: 1000, tools: 1000 },
      { agents: 100, tools: 10_000 },
    ],
  },
  createTools: { agents: 1000, tools: 1000, concurrency: 4, budgetSeconds: 600 },
  recordToolCalls: { connections: 4, batchSize: 500, toolNames: 200, users: 50 },
  budget: { tools: 10_000, calls: 10_000_000, users: 5, days: 60, apiSeedingSeconds: 60, samples: 7 },
  scale: { agents: 10, connections: 10, tools: [100, 1000, 10_000] },
  retention: { monthCalls: 5_000_000, connections: 4, batchSize: 500, toolNames: 200, users: 50, loadSeconds: 30, probeSeconds: 5 },
  organizations: { count: 2000, tools: 100, agents: 10, connections: 50, zipfExponent: 1 },
  coldOrganization: { tools: 10_000, agents: 1000, channels: 5, samples: 5 },
  instances: { connections: 50, edits: 30, intervalMs: 100 },
  probing: { servers: 200, toolsEach: 10, intervalMs: 15_000, connections: 10, rounds: 5 },
  runtimeLoop: { requests: 300 },
  mcpGateway: { toolsEach: 20, requests: 300, sessions: 1000 },
  soak: {
    minutes: 60,
    windows: 12,
    toolboxConnections: 10,
    beginTurnConnections: 2,
    callConnections: 1,
    editIntervalMs: 2000,
    conversations: 200,
    monthCalls: 200_000,
  },
};

const QUICK: Sizes = {
  rounds: 2,
  loadSeconds: 2,
  world: { channels: 5, contextObjects: 10, agents: 10, tools: 100 },
  toolboxConnections: 50,
  beginTurn: { conversations: 40, connections: 20 },
  edit: { warmUp: 1, edits: 3, agents: 10, larger: [{ agents: 30, tools: 100 }] },
  createTools: { agents: 10, tools: 100, concurrency: 4, budgetSeconds: 60 },
  recordToolCalls: { connections: 4, batchSize: 500, toolNames: 50, users: 10 },
  budget: { tools: 500, calls: 20_000, users: 3, days: 60, apiSeedingSeconds: 30, samples: 3 },
  scale: { agents: 5, connections: 10, tools: [30, 100, 300] },
  retention: { monthCalls: 20_000, connections: 4, batchSize: 500, toolNames: 50, users: 10, loadSeconds: 6, probeSeconds: 2 },
  organizations: { count: 50, tools: 20, agents: 3, connections: 20, zipfExponent: 1 },
  coldOrganization: { tools: 1000, agents: 100, channels: 5, samples: 2 },
  instances: { connections: 50, edits: 6, intervalMs: 100 },
  probing: { servers: 20, toolsEach: 10, intervalMs: 2000, connections: 10, rounds: 2 },
  runtimeLoop: { requests: 50 },
  mcpGateway: { toolsEach: 10, requests: 30, sessions: 50 },
  soak: {
    minutes: 2,
    windows: 4,
    toolboxConnections: 10,
    beginTurnConnections: 2,
    callConnections: 1,
    editIntervalMs: 1000,
    conversations: 20,
    monthCalls: 5_000,
  },
};

export const SCENARIOS = [
  'toolbox',
  'beginTurn',
  'edit',
  'createTools',
  'recordToolCalls',
  'budget',
  'retention',
  'scale',
  'organizations',
  'coldOrganization',
  'instances',
  'probing',
  'runtimeLoop',
  'mcpGateway',
  'soak',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** Run only when named in --only: the soak alone takes an hour. */
const NAMED_ONLY: readonly ScenarioName[] = ['soak'];

export interface Options {
  quick: boolean;
  databaseKind: DatabaseKind;
  /** The PostgreSQL server the bench creates its databases on. */
  serverUrl: string;
  scenarios: ScenarioName[];
  sizes: Sizes;
  seed: number;
}

/** Flags after `npm run bench:e2e --`: --quick, --embedded, --only=a,b. */
export function parseOptions(argv: readonly string[]): Options {
  const quick = argv.includes('--quick');
  const only = argv.find((a) => a.startsWith('--only='));
  const unknown = argv.filter((a) => a !== '--quick' && a !== '--embedded' && a !== only);
  if (unknown.length) throw new Error(`unknown flag ${unknown[0]}; use --quick, --embedded, --only=${SCENARIOS.join(',')}`);
  const named = only ? only.slice('--only='.length).split(',').filter(Boolean) : SCENARIOS.filter((s) => !NAMED_ONLY.includes(s));
  const wrong = named.filter((n) => !(SCENARIOS as readonly string[]).includes(n));
  if (wrong.length) throw new Error(`unknown scenario ${wrong.join(', ')}; known: ${SCENARIOS.join(', ')}`);
  return {
    quick,
    databaseKind: argv.includes('--embedded') ? 'embedded' : 'server',
    serverUrl: process.env.DATABASE_URL || DEFAULT_SERVER_URL,
    scenarios: named as ScenarioName[],
    sizes: quick ? QUICK : FULL,
    seed: 20_240_601,
  };
}
