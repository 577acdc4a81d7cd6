import { compileLoadout } from '../loadout/compiled';
import { exampleWorld, toolRow } from '../loadout/testing/rows.fixture';
import { renderedToolName, renderTools } from '../loadout/tokens';
import { carriedNamesOf, recordedToolNames, toolToRender } from './carried-names';

const LONG = 'create_or_update_file_contents_in_a_repository_branch_12345';
const plain = toolRow('t1', 'lookup');
const mcp = toolRow('t2', 'mcp__github__close', { source: 'MCP', mcpServerId: 's1', mcpToolName: 'close' });
const long = toolRow('t3', `mcp__github__${LONG}`, { source: 'MCP', mcpServerId: 's1', mcpToolName: LONG });
const loadout = compileLoadout({
  ...exampleWorld([plain, mcp, long], []),
  mcpServers: [
    { id: 's1', name: 'github', projectId: null, probed: true, reachable: false, enabled: true, enabledTools: [], disabledTools: [] },
  ],
});

describe('carriedNamesOf', () => {
  it('names a plain tool by its own name, with no MCP names', () => {
    expect(carriedNamesOf(loadout, plain)).toEqual({ toolName: 'lookup', mcpToolName: null, mcpServerName: null });
  });

  it("names an MCP tool by its full name, the server's registered name and the server's own name for it", () => {
    expect(carriedNamesOf(loadout, long)).toEqual({ toolName: `mcp__github__${LONG}`, mcpToolName: LONG, mcpServerName: 'github' });
  });
});

describe('recordedToolNames', () => {
  it('reads a recorded tool’s names from its definition, the full name where a short form was sent', () => {
    const sent = renderedToolName(long.name);
    expect(sent).not.toBe(long.name);
    expect(recordedToolNames(loadout, { name: sent, toolDefinitionId: 't3' })).toEqual(carriedNamesOf(loadout, long));
  });

  it('names a tool whose definition is gone by the name it was sent under, with no MCP names', () => {
    expect(recordedToolNames(loadout, { name: 'mcp__gone__x', toolDefinitionId: 'deleted' })).toEqual({
      toolName: 'mcp__gone__x',
      mcpToolName: null,
      mcpServerName: null,
    });
  });
});

describe('toolToRender', () => {
  it('routes an MCP tool in the neutral rendering, by the name sent, and leaves the others without a route', () => {
    const tools = [plain, mcp, long].map((row) => toolToRender(row, carriedNamesOf(loadout, row)));
    expect(renderTools('neutral', tools).map(({ name, mcpServer, mcpToolName }) => ({ name, mcpServer, mcpToolName }))).toEqual([
      { name: 'lookup', mcpServer: undefined, mcpToolName: undefined },
      { name: 'mcp__github__close', mcpServer: 'github', mcpToolName: 'close' },
      { name: renderedToolName(long.name), mcpServer: 'github', mcpToolName: LONG },
    ]);
  });
});
