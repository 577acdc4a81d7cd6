import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { compileLoadout } from './compile';
import { footprintBytes, loadoutFootprint } from './footprint';
import { toolboxOf } from './serve';
import { pgShapedRows, type WorldShape } from './testing/pg-shaped.fixture';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** The heap a compiled loadout (rows included) takes once every situation of every agent was served, per organisation. */
function measure(shape: WorldShape, organizations: number): { measured: number; estimated: number } {
  const before = heapUsed();
  const loadouts = Array.from({ length: organizations }, () => compileLoadout(pgShapedRows(shape)));
  for (const loadout of loadouts)
    for (const agent of loadout.agents.values()) for (const s of loadout.situations) toolboxOf(loadout, agent, s.channelKey, s.page);
  const measured = (heapUsed() - before) / organizations;
  const estimated = loadouts.reduce((sum, l) => sum + footprintBytes(loadoutFootprint(l), l), 0) / organizations;
  return { measured, estimated };
}

describe('the estimated size of a compiled loadout', () => {
  it.each([
    [
      '100 tools and 10 agents (the many-organisations bench)',
      { tools: 100, agents: 10, channels: 1, contextObjects: 0, schemaProperties: 2 },
      200,
    ],
    ['1,000 tools, no agent', { tools: 1000, agents: 0, channels: 5, contextObjects: 10, schemaProperties: 2 }, 6],
    ['100 agents, no tool', { tools: 0, agents: 100, channels: 1, contextObjects: 0, schemaProperties: 0 }, 40],
    ['200 tools with large schemas', { tools: 200, agents: 5, channels: 2, contextObjects: 5, schemaProperties: 30 }, 8],
    [
      'a catalogue of 20 channels and 50 context objects',
      { tools: 300, agents: 20, channels: 20, contextObjects: 50, schemaProperties: 2 },
      5,
    ],
  ])('is within a quarter of the heap it takes: %s', (_name, shape, organizations) => {
    const { measured, estimated } = measure(shape, organizations);
    expect(estimated / measured).toBeGreaterThan(0.75);
    expect(estimated / measured).toBeLessThan(1.25);
  });

  it('counts the toolboxes a loadout remembers after it was compiled', () => {
    const loadout = compileLoadout(pgShapedRows({ tools: 50, agents: 3, channels: 2, contextObjects: 0, schemaProperties: 1 }));
    const footprint = loadoutFootprint(loadout);
    expect(footprintBytes(footprint, loadout)).toBe(footprint.fixedBytes);
    const agent = [...loadout.agents.values()][0];
    toolboxOf(loadout, agent, 'ch0', { type: 'HOME' });
    toolboxOf(loadout, agent, 'ch1', { type: 'LIST' });
    expect(footprintBytes(footprint, loadout)).toBe(footprint.fixedBytes + loadout.toolboxes.size * footprint.bytesPerToolbox);
    expect(loadout.toolboxes.size).toBe(2);
  });
});
