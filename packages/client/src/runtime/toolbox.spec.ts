import { agentsSdkName, CarriedTools, type CarriedTool } from './toolbox';

const carried = (name: string, toolName = name, mcp?: { server: string; tool: string }): CarriedTool => ({
  name,
  toolName,
  mcpServerName: mcp?.server ?? null,
  mcpToolName: mcp?.tool ?? null,
  position: 1,
  contentHash: 'h',
  schemaTokens: 1,
});

describe('agentsSdkName', () => {
  it('replaces every character outside [A-Za-z0-9] with an underscore, as the Agents SDK’s tool() does', () => {
    expect(agentsSdkName('mcp__github__get-issue')).toBe('mcp__github__get_issue');
    expect(agentsSdkName('billing.refund invoice')).toBe('billing_refund_invoice');
  });
});

describe('CarriedTools', () => {
  const issue = carried('mcp__github__get-issue', 'mcp__github__get-issue', { server: 'github', tool: 'get-issue' });
  const long = carried('mcp__a1b2c3d4__x', `mcp__${'s'.repeat(40)}__${'t'.repeat(40)}`, { server: 's'.repeat(40), tool: 't'.repeat(40) });
  const lookup = carried('lookup_invoice');

  it('finds a tool by the name sent, its stored name, and the Agents SDK’s renaming of either', () => {
    const tools = new CarriedTools([issue, long, lookup]);
    expect(tools.find('mcp__github__get-issue')).toBe(issue);
    expect(tools.find('mcp__github__get_issue')).toBe(issue);
    expect(tools.find('mcp__a1b2c3d4__x')).toBe(long);
    expect(tools.find(long.toolName)).toBe(long);
    expect(tools.find('lookup_invoice')).toBe(lookup);
    expect(tools.find('get-issue')).toBeUndefined();
  });

  it('lets a name sent exactly win over another tool’s renaming, and finds neither of two tools one renaming names', () => {
    const dashed = carried('a-b');
    const dotted = carried('a.b');
    const exact = carried('a_b');
    expect(new CarriedTools([dashed, dotted]).find('a_b')).toBeUndefined();
    expect(new CarriedTools([dashed, exact, dotted]).find('a_b')).toBe(exact);
    expect(new CarriedTools([dashed]).find('a_b')).toBe(dashed);
  });
});
