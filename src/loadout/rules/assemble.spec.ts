import { assembleToolbox, type AssemblyInput, type CandidateTool } from './assemble';
import { type DropReason } from '../vocabulary';
import type { AgentFacts, PageSituation, ToolRule } from './facts';
import { agentFacts, candidateTool } from '../testing/candidate.fixture';
import { contentHash, toolboxFingerprint } from '../../common/content-hash';

const AGENT_ID = 'agent-1';

const tool = candidateTool;

/** The agent of project p: definitions of p are its candidates, and those of other projects none. */
const agent = (over: Partial<AgentFacts> = {}): AgentFacts => agentFacts({ id: AGENT_ID, projectId: 'p', ...over });

function assemble(candidates: CandidateTool[], over: Partial<Omit<AssemblyInput<CandidateTool>, 'candidates'>> = {}) {
  return assembleToolbox({ agent: agent(), channelKey: 'web', page: { type: 'HOME' }, candidates, ...over });
}

const reasonOf = (candidate: CandidateTool, over: Parameters<typeof assemble>[1] = {}): DropReason | null => {
  const result = assemble([candidate], over);
  return result.dropped.find((d) => d.tool.id === candidate.id)?.reason ?? null;
};

const names = (result: ReturnType<typeof assemble>) => result.entries.map((e) => e.tool.name);

const mcp = (reportedName: string, enabledTools: string[] = [], disabledTools: string[] = []) => ({
  reportedName,
  enabledTools,
  disabledTools,
});
const rule = (toolName: string, effect: ToolRule['effect'], on: ToolRule['on']): ToolRule => ({ toolName, effect, on });

describe('each filter of docs/semantics.md §3.2 and its DropReason', () => {
  const record: PageSituation = { type: 'RECORD', contextObject: 'Account' };
  const cases: Array<[string, CandidateTool, Parameters<typeof assemble>[1], DropReason | null]> = [
    ['a plain tool survives', tool('t'), {}, null],
    ['RECORD_PAGES_ONLY on HOME', tool('t'), { agent: agent({ toolsMode: 'RECORD_PAGES_ONLY' }), page: { type: 'HOME' } }, 'TOOLS_MODE'],
    ['RECORD_PAGES_ONLY on LIST', tool('t'), { agent: agent({ toolsMode: 'RECORD_PAGES_ONLY' }), page: { type: 'LIST' } }, 'TOOLS_MODE'],
    ['RECORD_PAGES_ONLY on RECORD', tool('t'), { agent: agent({ toolsMode: 'RECORD_PAGES_ONLY' }), page: { type: 'RECORD' } }, null],
    ['inactive', tool('t', { active: false }), {}, 'INACTIVE'],
    ['owner (mini app or MCP server) disabled', tool('t', { ownerEnabled: false }), {}, 'OWNER_DISABLED'],
    ['MCP enabledTools lacks it', tool('mcp__s__a', { mcp: mcp('a', ['b']) }), {}, 'MCP_FILTERED'],
    ['MCP enabledTools has it', tool('mcp__s__a', { mcp: mcp('a', ['a']) }), {}, null],
    ['MCP disabledTools has it', tool('mcp__s__a', { mcp: mcp('a', [], ['a']) }), {}, 'MCP_FILTERED'],
    ['MCP disabledTools wins over enabledTools', tool('mcp__s__a', { mcp: mcp('a', ['a'], ['a']) }), {}, 'MCP_FILTERED'],
    ['MCP filters match the reported name, not the prefixed one', tool('mcp__s__a', { mcp: mcp('a', ['mcp__s__a']) }), {}, 'MCP_FILTERED'],
    ['MCP disabledTools naming the prefixed name does not filter', tool('mcp__s__a', { mcp: mcp('a', [], ['mcp__s__a']) }), {}, null],
    [
      'requiresMcpServer without a server in scope',
      tool('t', { requiresMcpServer: true }),
      { agent: agent({ mcpServerInScope: false }) },
      'REQUIRES_MCP_SERVER',
    ],
    [
      'requiresMcpServer with a server in scope',
      tool('t', { requiresMcpServer: true }),
      { agent: agent({ mcpServerInScope: true }) },
      null,
    ],
    ['names another agent', tool('t', { agentId: 'agent-2' }), {}, 'AGENT_SCOPE'],
    ['names this agent', tool('t', { agentId: AGENT_ID }), {}, null],
    ['lists channels without this one', tool('t', { channelKeys: ['api'] }), { channelKey: 'web' }, 'CHANNEL'],
    ['lists this channel', tool('t', { channelKeys: ['api', 'web'] }), { channelKey: 'web' }, null],
    ['no channels means every channel', tool('t', { channelKeys: [] }), { channelKey: 'anything' }, null],
    ['names a context object, page has none', tool('t', { contextObjectKeys: ['Account'] }), { page: { type: 'RECORD' } }, 'CONTEXT'],
    ['names a context object, page is HOME', tool('t', { contextObjectKeys: ['Account'] }), { page: { type: 'HOME' } }, 'CONTEXT'],
    ['names a context object, page has another', tool('t', { contextObjectKeys: ['Case'] }), { page: record }, 'CONTEXT'],
    ['names the page context object', tool('t', { contextObjectKeys: ['Case', 'Account'] }), { page: record }, null],
    ['no context objects means any page', tool('t'), { page: record }, null],
    ['agent DENY', tool('t'), { agent: agent({ rules: [rule('t', 'DENY', 'AGENT')] }) }, 'EXCLUDED'],
    ['project DENY', tool('t'), { agent: agent({ rules: [rule('t', 'DENY', 'PROJECT')] }) }, 'EXCLUDED'],
    [
      'agent ALLOW overrides project DENY',
      tool('t'),
      { agent: agent({ rules: [rule('t', 'DENY', 'PROJECT'), rule('t', 'ALLOW', 'AGENT')] }) },
      null,
    ],
    [
      'agent DENY wins over project ALLOW',
      tool('t'),
      { agent: agent({ rules: [rule('t', 'ALLOW', 'PROJECT'), rule('t', 'DENY', 'AGENT')] }) },
      'EXCLUDED',
    ],
    [
      'a rule for another tool does not apply',
      tool('t'),
      { agent: agent({ rules: [rule('u', 'DENY', 'AGENT'), rule('u', 'DENY', 'PROJECT')] }) },
      null,
    ],
    ['ALLOW alone keeps the tool', tool('t'), { agent: agent({ rules: [rule('t', 'ALLOW', 'PROJECT')] }) }, null],
    ['maxTools 0 cuts every survivor', tool('t'), { agent: agent({ maxTools: 0 }) }, 'OVER_MAX_TOOLS'],
  ];
  it.each(cases)('%s', (_label, candidate, over, expected) => {
    expect(reasonOf(candidate, over)).toBe(expected);
  });

  it('keeps a tool listed once: either an entry or a drop', () => {
    const result = assemble([tool('a'), tool('b', { active: false })]);
    expect(names(result)).toEqual(['a']);
    expect(result.dropped.map((d) => [d.tool.name, d.reason])).toEqual([['b', 'INACTIVE']]);
  });
});

describe('the first failing filter wins', () => {
  const everythingWrong = tool('t', {
    active: false,
    ownerEnabled: false,
    mcp: mcp('t', [], ['t']),
    requiresMcpServer: true,
    agentId: 'agent-2',
    channelKeys: ['api'],
    contextObjectKeys: ['Case'],
  });
  const denyAll = agent({ rules: [rule('t', 'DENY', 'AGENT')] });
  // Each row repairs the filter the row above reported, so the next one in order shows.
  const cases: Array<[DropReason, Partial<CandidateTool>, Partial<AgentFacts>]> = [
    ['TOOLS_MODE', {}, { toolsMode: 'RECORD_PAGES_ONLY' }],
    ['INACTIVE', {}, {}],
    ['OWNER_DISABLED', { active: true }, {}],
    ['MCP_FILTERED', { active: true, ownerEnabled: true }, {}],
    ['REQUIRES_MCP_SERVER', { active: true, ownerEnabled: true, mcp: null }, {}],
    ['AGENT_SCOPE', { active: true, ownerEnabled: true, mcp: null, requiresMcpServer: false }, {}],
    ['CHANNEL', { active: true, ownerEnabled: true, mcp: null, requiresMcpServer: false, agentId: null }, {}],
    ['CONTEXT', { active: true, ownerEnabled: true, mcp: null, requiresMcpServer: false, agentId: null, channelKeys: [] }, {}],
    [
      'EXCLUDED',
      { active: true, ownerEnabled: true, mcp: null, requiresMcpServer: false, agentId: null, channelKeys: [], contextObjectKeys: [] },
      {},
    ],
    [
      'OVER_MAX_TOOLS',
      { active: true, ownerEnabled: true, mcp: null, requiresMcpServer: false, agentId: null, channelKeys: [], contextObjectKeys: [] },
      { rules: [], maxTools: 0 },
    ],
  ];
  it.each(cases)('%s', (expected, repaired, agentOver) => {
    const candidate = { ...everythingWrong, ...repaired };
    expect(reasonOf(candidate, { agent: { ...denyAll, ...agentOver }, channelKey: 'web', page: { type: 'HOME' } })).toBe(expected);
  });

  it('an inactive tool on the wrong channel is INACTIVE', () => {
    expect(reasonOf(tool('t', { active: false, channelKeys: ['api'] }), { channelKey: 'web' })).toBe('INACTIVE');
  });

  it('RECORD_PAGES_ONLY off a record page drops every candidate with TOOLS_MODE, whatever else is wrong', () => {
    const result = assemble([tool('a'), tool('b', { active: false }), tool('c', { channelKeys: ['api'] })], {
      agent: agent({ toolsMode: 'RECORD_PAGES_ONLY' }),
      page: { type: 'LIST' },
    });
    expect(result.entries).toEqual([]);
    expect(result.dropped.map((d) => d.reason)).toEqual(['TOOLS_MODE', 'TOOLS_MODE', 'TOOLS_MODE']);
  });
});

describe('OVER_MAX_TOOLS and Sort Order', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => tool(`t${String(i).padStart(3, '0')}`));

  it.each([
    [1, 30, 1],
    [25, 30, 25],
    [100, 120, 100],
    [25, 10, 10],
  ])('maxTools %i over %i survivors keeps %i', (maxTools, count, kept) => {
    const result = assemble(many(count), { agent: agent({ maxTools }) });
    expect(result.entries).toHaveLength(kept);
    expect(result.dropped).toHaveLength(count - kept);
    expect(result.dropped.every((d) => d.reason === 'OVER_MAX_TOOLS')).toBe(true);
    expect(result.entries.map((e) => e.position)).toEqual(Array.from({ length: kept }, (_, i) => i + 1));
  });

  it('cuts the survivors past maxTools in Sort Order, not the candidates filtered earlier', () => {
    const result = assemble(
      [tool('a', { sortOrder: 1 }), tool('b', { sortOrder: 0, active: false }), tool('c', { sortOrder: 2 }), tool('d', { sortOrder: 3 })],
      {
        agent: agent({ maxTools: 2 }),
      },
    );
    expect(names(result)).toEqual(['a', 'c']);
    expect(result.dropped.map((d) => [d.tool.name, d.reason])).toEqual([
      ['b', 'INACTIVE'],
      ['d', 'OVER_MAX_TOOLS'],
    ]);
  });

  it('orders by sortOrder first, including negative values', () => {
    const result = assemble([tool('a', { sortOrder: 5 }), tool('b', { sortOrder: -1 }), tool('c', { sortOrder: 0 })]);
    expect(names(result)).toEqual(['b', 'c', 'a']);
  });

  it('breaks sortOrder ties by name in byte order (uppercase before lowercase, no locale)', () => {
    const result = assemble([tool('b'), tool('a'), tool('B'), tool('_x'), tool('A'), tool('a.b'), tool('a-b')]);
    expect(names(result)).toEqual(['A', 'B', '_x', 'a', 'a-b', 'a.b', 'b']);
  });

  it('gives the same list whatever order the candidates arrive in', () => {
    const candidates = [tool('c', { sortOrder: 1 }), tool('a', { sortOrder: 1 }), tool('b'), tool('a', { id: 'id-a0', projectId: 'p' })];
    const forward = assemble(candidates);
    const backward = assemble([...candidates].reverse());
    expect(backward.entries.map((e) => e.tool.id)).toEqual(forward.entries.map((e) => e.tool.id));
    expect(backward.fingerprint).toBe(forward.fingerprint);
  });
});

describe('SHADOWED: one tool per name', () => {
  const org = tool('y_tool', { id: 'org', sortOrder: 0 });
  const builtIn = tool('y_tool', { id: 'builtin', sortOrder: -5 });
  const project = tool('y_tool', { id: 'project', projectId: 'p', sortOrder: 9 });
  const own = tool('y_tool', { id: 'own', projectId: 'p', agentId: AGENT_ID, sortOrder: 20 });
  const shadowing = (result: ReturnType<typeof assemble>) =>
    result.dropped.map((d) => `${d.tool.id}:${d.reason}${d.shadowedBy ? `:${d.shadowedBy.id}` : ''}`);

  it('keeps the project tool over organisation-wide ones, whatever their Sort Order, and names it in each drop', () => {
    const result = assemble([org, builtIn, project, tool('other')]);
    expect(result.entries.map((e) => e.tool.id)).toEqual(['id-other', 'project']);
    expect(shadowing(result)).toEqual(['builtin:SHADOWED:project', 'org:SHADOWED:project']);
  });

  it("keeps the agent's own tool over the project's and the organisation's", () => {
    const result = assemble([org, project, own]);
    expect(result.entries.map((e) => e.tool.id)).toEqual(['own']);
    expect(shadowing(result)).toEqual(['org:SHADOWED:own', 'project:SHADOWED:own']);
  });

  it('breaks a tie of one scope by Sort Order, then id', () => {
    expect(shadowing(assemble([org, builtIn]))).toEqual(['org:SHADOWED:builtin']);
    const twins = assemble([tool('same', { id: 'id-2' }), tool('same', { id: 'id-1' }), tool('same', { id: 'id-3' })]);
    expect(twins.entries.map((e) => e.tool.id)).toEqual(['id-1']);
    expect(shadowing(twins)).toEqual(['id-2:SHADOWED:id-1', 'id-3:SHADOWED:id-1']);
  });

  it('lets only survivors shadow: an inactive, excluded or out-of-channel winner brings the next one back', () => {
    expect(assemble([org, { ...project, active: false }]).entries.map((e) => e.tool.id)).toEqual(['org']);
    expect(assemble([org, { ...project, channelKeys: ['api'] }]).entries.map((e) => e.tool.id)).toEqual(['org']);
    const denied = assemble([org, project], { agent: agent({ rules: [{ id: 'r1', ...rule('y_tool', 'DENY', 'PROJECT') }] }) });
    expect(denied.entries).toEqual([]);
    expect(denied.dropped.map((d) => `${d.tool.id}:${d.reason}:${d.rule?.id}`)).toEqual(['org:EXCLUDED:r1', 'project:EXCLUDED:r1']);
  });

  it('runs before Max Tools: a shadowed tool takes no place, the winner counts once', () => {
    const result = assemble([tool('a', { sortOrder: -1 }), org, project, tool('z', { sortOrder: 10 })], { agent: agent({ maxTools: 2 }) });
    expect(result.entries.map((e) => e.tool.id)).toEqual(['id-a', 'project']);
    expect(shadowing(result)).toEqual(['org:SHADOWED:project', 'id-z:OVER_MAX_TOOLS']);
  });
});

describe('fingerprint', () => {
  it('is the sha256 of the entries content hashes in toolbox order', () => {
    const a = tool('a');
    const b = tool('b');
    expect(assemble([b, a]).fingerprint).toBe(toolboxFingerprint([a.contentHash, b.contentHash]));
  });

  it('is equal for equal lists, even when dropped tools differ', () => {
    const base = assemble([tool('a'), tool('b')]);
    const withDropped = assemble([tool('a'), tool('b'), tool('c', { active: false })]);
    expect(withDropped.fingerprint).toBe(base.fingerprint);
  });

  it('differs when the same tools come in another order', () => {
    const ab = assemble([tool('a', { sortOrder: 0 }), tool('b', { sortOrder: 1 })]);
    const ba = assemble([tool('a', { sortOrder: 1 }), tool('b', { sortOrder: 0 })]);
    expect(names(ba)).toEqual(['b', 'a']);
    expect(ba.fingerprint).not.toBe(ab.fingerprint);
  });

  it('differs when a tool content hash changes', () => {
    const before = assemble([tool('a')]);
    const after = assemble([
      tool('a', { contentHash: contentHash({ name: 'a', description: 'changed', inputSchema: { type: 'object' } }) }),
    ]);
    expect(after.fingerprint).not.toBe(before.fingerprint);
  });

  it('of an empty toolbox is the sha256 of the empty string', () => {
    expect(assemble([]).fingerprint).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
