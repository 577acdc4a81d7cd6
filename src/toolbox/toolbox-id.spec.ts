import { toolboxId } from './toolbox-id';
import type { ResolvedPage } from './toolbox-id';

const home: ResolvedPage = { type: 'HOME', contextObject: null, recordId: null };
const record = (contextObject: string | null, recordId: string | null): ResolvedPage => ({ type: 'RECORD', contextObject, recordId });

describe('toolboxId', () => {
  it('is the same for the same situation', () => {
    expect(toolboxId('agent-1', 'channel-1', record('Case', '42'))).toBe(toolboxId('agent-1', 'channel-1', record('Case', '42')));
  });

  it('differs when the agent, the channel or any part of the page differs', () => {
    const ids = [
      toolboxId('agent-1', 'channel-1', home),
      toolboxId('agent-2', 'channel-1', home),
      toolboxId('agent-1', 'channel-2', home),
      toolboxId('agent-1', 'channel-1', { ...home, type: 'LIST' }),
      toolboxId('agent-1', 'channel-1', record(null, null)),
      toolboxId('agent-1', 'channel-1', record('Case', null)),
      toolboxId('agent-1', 'channel-1', record('Account', null)),
      toolboxId('agent-1', 'channel-1', record('Case', '42')),
      toolboxId('agent-1', 'channel-1', record('Case', '43')),
      toolboxId('agent-1', 'channel-1', record(null, 'Case')),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the parts apart: text moved from one part to the next is another situation', () => {
    expect(toolboxId('a', 'bc', home)).not.toBe(toolboxId('ab', 'c', home));
    expect(toolboxId('a', 'b', record('x', 'y\nz'))).not.toBe(toolboxId('a', 'b', record('x\ny', 'z')));
  });
});
