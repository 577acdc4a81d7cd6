import { changesOf, describeEdit, moveEdits, stage, stagedSortOrder, type McpServerTools, type StagedEdit } from './staging';

const github: McpServerTools = { id: 's1', name: 'github', enabledTools: [], disabledTools: ['delete_repository'] };
const stageAll = (...edits: StagedEdit[]) => edits.reduce<StagedEdit[]>(stage, []);

describe('staged edits', () => {
  it('keeps one edit per setting, the latest, starting from the first value', () => {
    const edits = stageAll({ kind: 'maxTools', from: 12, to: 10 }, { kind: 'maxTools', from: 10, to: 8 });
    expect(edits).toEqual([{ kind: 'maxTools', from: 12, to: 8 }]);
    expect(describeEdit(edits[0])).toBe('Max Tools 12 → 8');
  });

  it('drops an edit that puts a setting back, and a switch turned back', () => {
    expect(stageAll({ kind: 'maxTools', from: 12, to: 10 }, { kind: 'maxTools', from: 10, to: 12 })).toEqual([]);
    const off = { kind: 'mcpTool', server: github, mcpToolName: 'get_issue', on: false } as const;
    expect(stageAll(off, { ...off, on: true })).toEqual([]);
  });

  it('makes one change set in a fixed order: the agent first, then rules and tools, then one change per server', () => {
    const edits = stageAll(
      { kind: 'exclude', toolName: 'Bash', projectId: null },
      { kind: 'mcpTool', server: github, mcpToolName: 'get_issue', on: false },
      { kind: 'toolsMode', from: 'ALL_PAGES', to: 'RECORD_PAGES_ONLY' },
      { kind: 'mcpTool', server: github, mcpToolName: 'delete_repository', on: true },
      { kind: 'include', toolName: 'refund_order', ruleId: 'r1' },
      { kind: 'exclude', toolName: 'post_to_slack', projectId: 'p1' },
      { kind: 'maxTools', from: 12, to: 8 },
    );
    expect(changesOf('a1', edits)).toEqual([
      { updateAgent: { id: 'a1', patch: { toolsMode: 'RECORD_PAGES_ONLY', maxTools: 8 } } },
      { setToolRule: { agentId: 'a1', toolName: 'tool:Bash', effect: 'DENY' } },
      { removeToolRuleId: 'r1' },
      { setToolRule: { projectId: 'p1', toolName: 'tool:post_to_slack', effect: 'DENY' } },
      { updateMcpServer: { id: 's1', patch: { disabledTools: ['get_issue'] } } },
    ]);
  });

  it("adds a tool switched on to the server's allow-list, which would otherwise still drop it", () => {
    const listed = { ...github, enabledTools: ['search_issues'], disabledTools: [] };
    expect(changesOf('a1', stageAll({ kind: 'mcpTool', server: listed, mcpToolName: 'get_issue', on: true }))).toEqual([
      { updateMcpServer: { id: 's1', patch: { disabledTools: [], enabledTools: ['search_issues', 'get_issue'] } } },
    ]);
  });

  it('moves a tool by swapping sort orders with its neighbour, or past it on a tie', () => {
    const a = { id: 't1', name: 'lookup_account', sortOrder: 3 };
    const b = { id: 't2', name: 'create_case', sortOrder: 5 };
    const swapped = moveEdits([], b, a, -1);
    expect(stagedSortOrder(swapped, 't2', 5)).toBe(3);
    expect(stagedSortOrder(swapped, 't1', 3)).toBe(5);
    // Moving it back undoes both.
    expect(moveEdits(swapped, { ...b }, { ...a }, 1)).toEqual([]);
    const tie = moveEdits([], { ...b, sortOrder: 3 }, a, -1);
    expect(tie).toEqual([{ kind: 'sortOrder', toolId: 't2', toolName: 'create_case', from: 3, to: 2 }]);
    expect(changesOf('a1', tie)).toEqual([{ updateTool: { id: 't2', patch: { sortOrder: 2 } } }]);
  });

  it('says each edit in words', () => {
    expect(describeEdit({ kind: 'exclude', toolName: 'Bash', projectId: null })).toBe('Exclude Bash for this agent (rule tool:Bash)');
    expect(describeEdit({ kind: 'exclude', toolName: 'Bash', projectId: 'p1' })).toBe('Exclude Bash for this project (rule tool:Bash)');
    expect(describeEdit({ kind: 'mcpTool', server: github, mcpToolName: 'get_issue', on: false })).toBe(
      "Switch github's tool get_issue off",
    );
    expect(describeEdit({ kind: 'toolsMode', from: 'ALL_PAGES', to: 'RECORD_PAGES_ONLY' })).toMatch(/^Tools Mode: .+ → .+$/);
  });
});
