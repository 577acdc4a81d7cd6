import path from 'node:path';
import { projectRoot } from '../common/project-root';
import { floorOf, importCycles, importGraph, upwardImports } from './import-graph';

const graph = importGraph(path.join(projectRoot(), 'src'));

/**
 * What remains to be fixed, listed so that any other fails: the loadout
 * core's test oracle reads the invalidation's comparison of situations, and
 * the compiled path's type of a situation's toolbox (serve.ts) is read by
 * the class keys and the compiler that serve.ts itself imports.
 */
const KNOWN_UPWARD = ['loadout/testing/oracle.ts -> invalidation/compare-situations.ts'];
const KNOWN_CYCLES = ['loadout/classes.ts -> loadout/compile.ts -> loadout/serve.ts -> loadout/classes.ts'];

describe('the import graph of src/', () => {
  it('gives every file a floor', () => {
    expect(graph.files.filter((file) => floorOf(file) < 0)).toEqual([]);
  });

  it('has no import from a floor to a higher one', () => {
    expect(upwardImports(graph)).toEqual(KNOWN_UPWARD);
  });

  it("leaves src/ only from specs (a spec may check the benchmark's requests)", () => {
    const leaving = graph.files.filter((file) => !file.endsWith('.spec.ts') && graph.outside.get(file)!.length > 0);
    expect(leaving).toEqual([]);
  });

  it('has no circle of imports', () => {
    expect(importCycles(graph)).toEqual(KNOWN_CYCLES);
  });

  it('finds a circle and an upward import where there is one', () => {
    const trial = {
      outside: new Map<string, string[]>(),
      files: ['common/a.ts', 'common/b.ts', 'server/c.ts'],
      imports: new Map([
        ['common/a.ts', ['common/b.ts']],
        ['common/b.ts', ['common/a.ts', 'server/c.ts']],
        ['server/c.ts', []],
      ]),
    };
    expect(importCycles(trial)).toEqual(['common/a.ts -> common/b.ts -> common/a.ts']);
    expect(upwardImports(trial)).toEqual(['common/b.ts -> server/c.ts']);
  });
});
