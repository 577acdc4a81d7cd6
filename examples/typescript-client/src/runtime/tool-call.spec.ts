import { routeCalls, toolCallInputs } from './tool-call';
import { CarriedTools, type CarriedTool } from './toolbox';

const tool = (name: string, toolName = name): CarriedTool => ({
  name,
  toolName,
  mcpServerName: null,
  mcpToolName: null,
  position: 1,
  contentHash: 'h',
  schemaTokens: 1,
});

describe('routeCalls and toolCallInputs', () => {
  const tools = new CarriedTools([tool('lookup_invoice'), tool('mcp__x__short', 'mcp__a_long_server__a_long_tool')]);

  it('counts each call for its stored tool, keyed by the turn and the call id, or its place in the response', () => {
    const { calls, unknown } = routeCalls(tools, [
      { name: 'invented' },
      { name: 'mcp__x__short', id: 'call_1' },
      { name: 'lookup_invoice', isError: true },
    ]);
    expect(unknown).toEqual([{ name: 'invented' }]);
    expect(toolCallInputs('t1', 'c1', calls)).toEqual([
      { conversationId: 'c1', toolName: 'mcp__a_long_server__a_long_tool', isError: false, idempotencyKey: 't1:call_1' },
      { conversationId: 'c1', toolName: 'lookup_invoice', isError: true, idempotencyKey: 't1:#2' },
    ]);
  });

  it('keys a call whose id would make the key too long by its place', () => {
    const { calls } = routeCalls(tools, [{ name: 'lookup_invoice', id: 'x'.repeat(300) }]);
    expect(toolCallInputs('t1', 'c1', calls)[0].idempotencyKey).toBe('t1:#0');
  });
});
