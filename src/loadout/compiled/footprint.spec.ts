import { compileLoadout } from './compile';
import { FOOTPRINT_BYTES, footprintBytes, loadoutFootprint } from './footprint';
import { toolboxOf } from './serve';
import { agentRow, exampleWorld, toolRow } from '../testing/rows.fixture';

const sizeOf = (tools: number, agents: number, description = 'd', schema: object = { type: 'object' }) => {
  const loadout = compileLoadout(
    exampleWorld(
      Array.from({ length: tools }, (_, i) => toolRow(`t${i}`, `n${i}`, { description, inputSchema: { ...schema } })),
      Array.from({ length: agents }, (_, i) => agentRow(`a${i}`)),
    ),
  );
  return footprintBytes(loadoutFootprint(loadout), loadout);
};

describe('the estimated size of a compiled loadout', () => {
  it.each([
    [
      'a definition',
      () => sizeOf(11, 3) - sizeOf(10, 3),
      FOOTPRINT_BYTES.tool + 3 + 1 + JSON.stringify({ type: 'object' }).length * FOOTPRINT_BYTES.schemaChar,
    ],
    ['an agent', () => sizeOf(10, 4) - sizeOf(10, 3), FOOTPRINT_BYTES.agent],
    ['a character of description', () => sizeOf(10, 3, 'dd') - sizeOf(10, 3, 'd'), 10 * FOOTPRINT_BYTES.textChar],
    ['a character of schema', () => sizeOf(100, 0, 'd', { type: 'object', x: 1 }) - sizeOf(100, 0), 100 * 6 * FOOTPRINT_BYTES.schemaChar],
  ])('grows by its measured cost for %s', (_what, growth, expected) => {
    expect(growth()).toBeCloseTo(expected, 0);
  });

  it('counts the toolboxes a loadout remembers after it was compiled', () => {
    const loadout = compileLoadout(
      exampleWorld([toolRow('t1', 'one'), toolRow('t2', 'two')], [agentRow('a1'), agentRow('a2', { maxTools: 1 })]),
    );
    const footprint = loadoutFootprint(loadout);
    expect(footprintBytes(footprint, loadout)).toBe(footprint.fixedBytes);
    toolboxOf(loadout, loadout.agents.get('a1')!, 'web', { type: 'HOME' });
    toolboxOf(loadout, loadout.agents.get('a2')!, 'web', { type: 'HOME' });
    expect(loadout.toolboxes.size).toBe(2);
    // Each as wide as the widest Max Tools allows, the definitions being fewer.
    expect(footprint.bytesPerToolbox).toBe(FOOTPRINT_BYTES.toolbox + 2 * FOOTPRINT_BYTES.toolboxEntry);
    expect(footprintBytes(footprint, loadout)).toBe(footprint.fixedBytes + 2 * footprint.bytesPerToolbox);
  });
});
