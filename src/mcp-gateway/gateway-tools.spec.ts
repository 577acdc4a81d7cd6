import fc from 'fast-check';
import { gatewayTools, listEntry, listKey, namedFor, whyNotListed, type CarriedTool, type GatewayTool } from './gateway-tools';

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
        toolboxName: 'mcp__gh__search',
        serverId: SERVER,
        upstreamName: 'search',
        definitionName: 'mcp__gh__search',
        contentHash: 'h-mcp__gh__search',
      },
      {
        name: 'mcp__gh__get',
        toolboxName: 'mcp__gh__get',
        serverId: SERVER,
        upstreamName: 'get',
        definitionName: 'mcp__gh__get',
        contentHash: 'h-mcp__gh__get',
      },
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
    { name: 'Bash', upstreamName: null, reason: 'EXCLUDED', rule: { subject: 'tool:Bash', agentId: 'agent-1' } },
    { name: 'mcp__gh__delete', upstreamName: 'delete', reason: 'EXCLUDED', rule: { subject: 'hint:destructive', agentId: null } },
    { name: 'mcp__gh__list', upstreamName: 'list', reason: 'OVER_MAX_TOOLS', rule: null },
    { name: 'mcp__gh__old', upstreamName: 'old', reason: 'INACTIVE', rule: null },
    { name: 'mcp__other__get', upstreamName: 'get', reason: 'INACTIVE', rule: null },
  ];
  const why = (name: string) => whyNotListed(name, toolbox, dropped, reachable, 25, 'toolbox');

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

describe("whyNotListed, with the servers' own names", () => {
  const dropped = [
    { name: 'mcp__gh__delete', upstreamName: 'delete', reason: 'EXCLUDED', rule: { subject: 'hint:destructive', agentId: null } },
    { name: 'mcp__other__get', upstreamName: 'get', reason: 'INACTIVE', rule: null },
  ];
  const why = (name: string) => whyNotListed(name, toolbox, dropped, reachable, 25, 'server');

  it.each([
    ['delete', "mcp__gh__delete is excluded by the project's rule hint:destructive"],
    ['run', 'mcp__local__run is of an MCP server its runtime reports; Loadout does not reach it'],
    // Two of the agent's tools are named get on their servers: which one is meant cannot be told.
    ['get', 'get is not a tool of this agent'],
    ['mcp__gh__delete', "mcp__gh__delete is excluded by the project's rule hint:destructive"],
  ])('%s: %s', (name, text) => expect(why(name)).toBe(text));
});

describe('namedFor', () => {
  const listed = (upstream: string, server: string): GatewayTool => ({
    name: `mcp__${server}__${upstream}`,
    toolboxName: `mcp__${server}__${upstream}`,
    serverId: server,
    upstreamName: upstream,
    definitionName: `mcp__${server}__${upstream}`,
    contentHash: 'h',
  });

  it('names each tool as its server does, and tools that would share a name as the toolbox does', () => {
    const tools = [listed('search', 'gh'), listed('get', 'gh'), listed('search', 'jira'), listed('mcp__gh__get', 'odd')];
    expect(namedFor(tools, 'server').map((t) => t.name)).toEqual(['mcp__gh__search', 'get', 'mcp__jira__search', 'mcp__gh__get']);
    expect(namedFor(tools, 'toolbox').map((t) => t.name)).toEqual(tools.map((t) => t.toolboxName));
  });

  it("gives every list distinct names, each the server's or the toolbox's own, in the same order", () => {
    const name = fc.constantFrom('a', 'b', 'c', 'mcp__s1__a', 'mcp__s2__b');
    const world = fc.uniqueArray(fc.tuple(name, fc.constantFrom('s1', 's2', 's3')), {
      selector: ([u, s]) => `mcp__${s}__${u}`,
      maxLength: 12,
    });
    fc.assert(
      fc.property(world, (pairs) => {
        const tools = pairs.map(([upstream, server]) => listed(upstream, server));
        const named = namedFor(tools, 'server');
        expect(new Set(named.map((t) => t.name)).size).toBe(tools.length);
        named.forEach((t, i) => {
          expect(t.toolboxName).toBe(tools[i].toolboxName);
          expect([t.upstreamName, t.toolboxName]).toContain(t.name);
          // A server's own name is kept whenever no other tool of the list is named so on its server.
          if (tools.filter((o) => o.upstreamName === t.upstreamName).length === 1 && !tools.some((o) => o.toolboxName === t.upstreamName))
            expect(t.name).toBe(t.upstreamName);
        });
      }),
    );
  });
});
