import { gatewayTools, listEntry, listKey, whyNotListed, type CarriedTool } from './gateway-tools';

const SERVER = 'server-1';
const REPORTED = 'server-2';
const carried = (name: string, serverId: string | null, hash = `h-${name}`): CarriedTool => ({
  name,
  tool: {
    name,
    description: `The ${name} tool`,
    inputSchema: { type: 'object', properties: { z: { type: 'string' } } },
    mcpServerId: serverId,
    mcpToolName: serverId ? name.replace(/^mcp__\w+?__/, '') : null,
    contentHash: hash,
    source: serverId ? 'MCP' : 'CUSTOM',
  },
});
const toolbox = [
  carried('Read', null),
  carried('mcp__gh__search', SERVER),
  carried('mcp__local__run', REPORTED),
  carried('mcp__gh__get', SERVER),
];
const reachable = new Set([SERVER]);

describe('gatewayTools', () => {
  it('lists the MCP tools of servers Loadout reaches, in toolbox order, each with where its calls go', () => {
    expect(gatewayTools(toolbox, reachable)).toEqual([
      {
        name: 'mcp__gh__search',
        serverId: SERVER,
        upstreamName: 'search',
        definitionName: 'mcp__gh__search',
        contentHash: 'h-mcp__gh__search',
      },
      { name: 'mcp__gh__get', serverId: SERVER, upstreamName: 'get', definitionName: 'mcp__gh__get', contentHash: 'h-mcp__gh__get' },
    ]);
  });

  it('lists nothing when no server is reached', () => {
    expect(gatewayTools(toolbox, new Set())).toEqual([]);
  });
});

describe('listEntry', () => {
  it("keeps the schema as stored and passes the server's other keys through, in its order", () => {
    const entry = listEntry('mcp__gh__get', toolbox[3].tool, {
      title: 'Get',
      annotations: { readOnlyHint: true },
      outputSchema: { type: 'object' },
    });
    expect(JSON.stringify(entry)).toBe(
      JSON.stringify({
        name: 'mcp__gh__get',
        description: 'The mcp__gh__get tool',
        inputSchema: { type: 'object', properties: { z: { type: 'string' } } },
        title: 'Get',
        annotations: { readOnlyHint: true },
        outputSchema: { type: 'object' },
      }),
    );
  });
});

describe('listKey', () => {
  it('differs when a listed tool changes, is added or moves, and not otherwise', () => {
    const base = listKey(gatewayTools(toolbox, reachable));
    expect(listKey(gatewayTools([...toolbox], reachable))).toBe(base);
    expect(listKey(gatewayTools([toolbox[0], toolbox[1], toolbox[2], carried('mcp__gh__get', SERVER, 'edited')], reachable))).not.toBe(
      base,
    );
    expect(listKey(gatewayTools([toolbox[3], toolbox[1]], reachable))).not.toBe(base);
    // A change to a tool that is not listed leaves the list as it was.
    expect(listKey(gatewayTools([carried('Read', null, 'edited'), ...toolbox.slice(1)], reachable))).toBe(base);
  });
});

describe('whyNotListed', () => {
  const dropped = [
    { name: 'Bash', reason: 'EXCLUDED', rule: { subject: 'tool:Bash', agentId: 'agent-1' } },
    { name: 'mcp__gh__delete', reason: 'EXCLUDED', rule: { subject: 'hint:destructive', agentId: null } },
    { name: 'mcp__gh__list', reason: 'OVER_MAX_TOOLS', rule: null },
    { name: 'mcp__gh__old', reason: 'INACTIVE', rule: null },
  ];
  const why = (name: string) => whyNotListed(name, toolbox, dropped, reachable, 25);

  it.each([
    ['Read', 'Read is run by the host, not by Loadout: it is never listed here'],
    ['mcp__local__run', 'mcp__local__run is of an MCP server its runtime reports; Loadout does not reach it'],
    ['Bash', "Bash is excluded by the agent's rule tool:Bash"],
    ['mcp__gh__delete', "mcp__gh__delete is excluded by the project's rule hint:destructive"],
    ['mcp__gh__list', 'mcp__gh__list is over Max Tools (25)'],
    ['mcp__gh__old', 'mcp__gh__old is left out of the toolbox: The definition is not active'],
    ['nothing', 'nothing is not a tool of this agent'],
  ])('%s: %s', (name, text) => expect(why(name)).toBe(text));
});
