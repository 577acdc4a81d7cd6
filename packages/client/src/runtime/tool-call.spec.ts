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

  it('counts each call for its stored tool, and an invented one under the name called, keyed by the turn and the call id, or its place', () => {
    const sent = [{ name: 'invented' }, { name: 'mcp__x__short', id: 'call_1' }, { name: 'lookup_invoice', isError: true }];
    expect(routeCalls(tools, sent).unknown).toEqual([{ name: 'invented' }]);
    expect(toolCallInputs('t1', 'c1', tools, sent)).toEqual([
      { conversationId: 'c1', turnId: 't1', toolName: 'invented', isError: false, idempotencyKey: 't1:#0' },
      { conversationId: 'c1', turnId: 't1', toolName: 'mcp__a_long_server__a_long_tool', isError: false, idempotencyKey: 't1:call_1' },
      { conversationId: 'c1', turnId: 't1', toolName: 'lookup_invoice', isError: true, idempotencyKey: 't1:#2' },
    ]);
  });

  it('keys a call whose id would make the key too long by its place; cuts an invented name to what the server takes, and leaves an empty one out', () => {
    expect(toolCallInputs('t1', 'c1', tools, [{ name: 'lookup_invoice', id: 'x'.repeat(300) }])[0].idempotencyKey).toBe('t1:#0');
    expect(toolCallInputs('t1', 'c1', tools, [{ name: 'y'.repeat(300) }, { name: '' }]).map((c) => c.toolName)).toEqual(['y'.repeat(256)]);
  });

  it("sends a call's duration in whole milliseconds, at most a day, and none that is not a duration", () => {
    const durations = [12.6, 0, 90_000_000, -3, Number.NaN, undefined].map(
      (durationMs) => toolCallInputs('t1', 'c1', tools, [{ name: 'lookup_invoice', durationMs }])[0].durationMs,
    );
    expect(durations).toEqual([13, 0, 86_400_000, undefined, undefined, undefined]);
  });
});
