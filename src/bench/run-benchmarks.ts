import { performance } from 'node:perf_hooks';
import { assembleToolbox, compareSortOrder, type CandidateTool } from '../toolbox/assemble-toolbox';
import { contentHash } from '../toolbox/canonical-json';
import { allSituations } from '../toolbox/situations';
import { estimateToolTokens } from '../tokens/estimate-tokens';

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

function candidates(n: number): CandidateTool[] {
  return Array.from({ length: n }, (_, i) => {
    const content = {
      name: `tool_${i}`,
      description: `Tool number ${i}`,
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    };
    return {
      id: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
      name: content.name,
      contentHash: contentHash(content),
      active: i % 17 !== 0,
      sortOrder: i % 7,
      projectId: null,
      agentId: i % 29 === 0 ? 'other-agent' : null,
      channelKeys: i % 5 === 0 ? ['web'] : [],
      contextObjectKeys: i % 11 === 0 ? ['Case'] : [],
      requiresMcpServer: false,
      ownerEnabled: true,
      mcp: null,
    };
  });
}

function report(name: string, subjectMs: number, baselineMs: number, baselineName: string): void {
  console.log(
    `${name.padEnd(48)} ${(subjectMs * 1000).toFixed(1).padStart(9)} µs/op   ${(subjectMs / baselineMs).toFixed(2).padStart(6)}× ${baselineName}`,
  );
}

function main(): void {
  const agent = {
    id: 'agent',
    maxTools: 25,
    toolsMode: 'ALL_PAGES' as const,
    rules: [{ toolName: 'tool_3', effect: 'DENY' as const, on: 'AGENT' as const }],
  };
  for (const n of [100, 1000]) {
    const tools = candidates(n);
    const baseline = timePerOp(() => [...tools].sort(compareSortOrder));
    const assembly = timePerOp(() =>
      assembleToolbox({
        agent,
        channelKey: 'api',
        page: { type: 'RECORD', contextObject: 'Case' },
        candidates: tools,
        mcpServerInScope: true,
      }),
    );
    report(`toolbox assembly, ${n} candidates`, assembly, baseline, 'sorting them alone');

    const situations = allSituations(['web', 'api', 'slack'], ['Account', 'Case', 'Order']);
    const recompute = timePerOp(() => {
      for (const s of situations)
        assembleToolbox({ agent, channelKey: s.channelKey, page: s.page, candidates: tools, mcpServerInScope: true });
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
