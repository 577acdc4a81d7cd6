import { performance } from 'node:perf_hooks';
import { allSituations, assembleToolbox, compareSortOrder } from '../src/loadout/rules';
import { contentHash } from '../src/common/content-hash';
import { assembleCompiled, compileLoadout, type LoadoutRows } from '../src/loadout/compiled';
import { estimateToolTokens } from '../src/loadout/tokens';

/**
 * `npm run bench`: the hot paths, each printed as a ratio against a baseline
 * measured in the same run on the same data, so the figures compare across
 * machines. No thresholds here: targets are read off these ratios in review.
 */

/** Best of several rounds: the least disturbed measurement of a shared machine. */
function timePerOp(fn: () => void, rounds = 7, roundMs = 60): number {
  for (let i = 0; i < 5; i++) fn();
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    let ops = 0;
    const start = performance.now();
    while (performance.now() - start < roundMs) {
      fn();
      ops++;
    }
    best = Math.min(best, (performance.now() - start) / ops);
  }
  return best;
}

const AGENT_ID = 'agent';

function candidates(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const content = {
      name: `tool_${i}`,
      description: `Tool number ${i}`,
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    };
    return {
      id: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
      name: content.name,
      description: content.description,
      inputSchema: content.inputSchema,
      contentHash: contentHash(content),
      source: 'CUSTOM' as const,
      tier: null,
      hostDependent: false,
      active: i % 17 !== 0,
      sortOrder: i % 7,
      projectId: null,
      agentId: i % 29 === 0 ? 'other-agent' : null,
      channelKeys: i % 5 === 0 ? ['web'] : [],
      contextObjectKeys: i % 11 === 0 ? ['Case'] : [],
      requiresMcpServer: false,
      ownerEnabled: true,
      hints: [] as string[],
      schemaRefusals: null,
      mcp: null,
    };
  });
}

/** The same definitions as an organisation's rows, with the agent and its rule. */
function rowsOf(tools: ReturnType<typeof candidates>): LoadoutRows {
  const catalogue = (keys: string[]) => keys.map((key) => ({ id: key, organizationId: 'org', key, name: key }));
  return {
    organizationId: 'org',
    defaultModel: 'openai/gpt-4o',
    tools: tools.map((t) => ({
      ...t,
      organizationId: 'org',
      miniAppId: null,
      mcpServerId: null,
      mcpToolName: null,
      version: 1,
      channelKeys: [...t.channelKeys],
      contextObjectKeys: [...t.contextObjectKeys],
    })),
    agents: [
      {
        id: AGENT_ID,
        organizationId: 'org',
        projectId: null,
        name: AGENT_ID,
        model: 'openai/gpt-4o',
        maxTools: 25,
        maxSchemaTokens: null,
        toolsMode: 'ALL_PAGES',
        executionContext: 'RUNNING_USER',
        budgetWarnThreshold: 48,
        budgetHotThreshold: 96,
      },
    ],
    versions: new Map([[AGENT_ID, 1]]),
    rules: [{ id: 'r', agentId: AGENT_ID, projectId: null, toolName: 'tool_3', effect: 'DENY' }],
    miniApps: [],
    mcpServers: [
      { id: 's', name: 's', projectId: null, probed: true, reachable: false, enabled: true, enabledTools: [], disabledTools: [] },
    ],
    channels: catalogue(['web', 'api', 'slack']),
    contextObjects: catalogue(['Account', 'Case', 'Order']),
  };
}

function report(name: string, subjectMs: number, baselineMs: number, baselineName: string): void {
  console.log(
    `${name.padEnd(48)} ${(subjectMs * 1000).toFixed(1).padStart(9)} µs/op   ${(subjectMs / baselineMs).toFixed(2).padStart(6)}× ${baselineName}`,
  );
}

function main(): void {
  for (const n of [100, 1000]) {
    const tools = candidates(n);
    const loadout = compileLoadout(rowsOf(tools));
    const agent = loadout.agents.get(AGENT_ID)!;
    const page = { type: 'RECORD' as const, contextObject: 'Case' };
    const baseline = timePerOp(() => [...tools].sort(compareSortOrder));
    const assembly = timePerOp(() => assembleToolbox({ agent, channelKey: 'api', page, candidates: tools }));
    report(`toolbox assembly, ${n} candidates`, assembly, baseline, 'sorting them alone');
    const compiled = timePerOp(() => assembleCompiled(loadout, agent, 'api', page, true));
    report(`compiled assembly with drops, ${n} definitions`, compiled, baseline, 'sorting them alone');

    const situations = allSituations(['web', 'api', 'slack'], ['Account', 'Case', 'Order']);
    const recompute = timePerOp(() => {
      for (const s of situations) assembleToolbox({ agent, channelKey: s.channelKey, page: s.page, candidates: tools });
    });
    report(`invalidation recompute, ${situations.length} situations, ${n} tools`, recompute, assembly, 'one assembly');
  }

  const tool = {
    name: 'search_issues',
    description: 'Search issues and pull requests.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' }, perPage: { type: 'integer' } } },
  };
  let variant = 0;
  const cold = timePerOp(() => estimateToolTokens({ ...tool, description: `${tool.description} ${variant++}` }, 'openai/gpt-4o'));
  const warm = timePerOp(() => estimateToolTokens(tool, 'openai/gpt-4o'));
  report('token estimate, memoised, content hashed', warm, cold, 'a first estimate');
  const stored = { ...tool, contentHash: contentHash(tool) };
  const warmStored = timePerOp(() => estimateToolTokens(stored, 'openai/gpt-4o'));
  report('token estimate, memoised, stored hash', warmStored, cold, 'a first estimate');
}

main();
