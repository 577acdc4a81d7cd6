import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import layers from './layers.json';
import { projectRoot } from '../common/project-root';

/**
 * The import graph of src/: every file a node, every relative import or
 * export-from an edge (type-only ones too: a type is as much a dependency of
 * the file that reads it). docs/architecture.md, "Layers".
 */
interface ImportGraph {
  files: string[];
  /** Each file's imports, as paths relative to src/ like the keys. */
  imports: Map<string, string[]>;
  /** Each file's relative imports of what lies outside src/ (bench/, test/), as written. */
  outside: Map<string, string[]>;
}

/** The floors of src/, lowest first: a file may import from its own floor and those below. */
const FLOORS: readonly (readonly string[])[] = layers.floors;

/** The floor of a file (a path relative to src/): that of its top folder, or of a top-level file by its name. */
function floorOf(file: string): number {
  const top = file.split('/')[0].replace(/(\.spec)?\.ts$/, '');
  return FLOORS.findIndex((names) => names.includes(top));
}

/** The floors inside the core, lowest first, held like those of src/ (docs/architecture.md, "The core's floors"). */
const CORE = layers.core;

/** A file of the core (a path relative to src/) that its floors hold: not a spec, nor its test support. */
function heldByCore(file: string): boolean {
  return file.startsWith(`${CORE.folder}/`) && !file.endsWith('.spec.ts') && !file.startsWith(`${CORE.folder}/${CORE.testSupport}/`);
}

/** The core's floor of one of its files: that of its folder, or of a file at its top by its name; its test support above them all. */
function coreFloorOf(file: string): number {
  const top = file.split('/')[1].replace(/(\.spec)?\.ts$/, '');
  return top === CORE.testSupport ? CORE.floors.length : CORE.floors.findIndex((names) => names.includes(top));
}

function sourceFiles(dir: string, under = ''): string[] {
  return fs.readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(dir, relative);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

function importGraph(srcDir: string): ImportGraph {
  const files = sourceFiles(srcDir).sort();
  const known = new Set(files);
  const imports = new Map<string, string[]>();
  const outside = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(srcDir, file), 'utf8');
    const relative = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((i) => i.fileName)
      .filter((name) => name.startsWith('.'));
    const resolved = relative.map((name) => path.posix.join(path.posix.dirname(file), name.replace(/\.js$/, '')));
    const targets = resolved.flatMap((target) =>
      [`${target}.ts`, `${target}/index.ts`].filter((candidate) => known.has(candidate)).slice(0, 1),
    );
    imports.set(file, [...new Set(targets)]);
    outside.set(
      file,
      relative.filter((_, i) => resolved[i].startsWith('../')),
    );
  }
  return { files, imports, outside };
}

/** Every import from a lower floor to a higher one, as `from -> to`. */
function upwardImports(graph: ImportGraph): string[] {
  return graph.files.flatMap((file) =>
    graph.imports
      .get(file)!
      .filter((target) => floorOf(target) > floorOf(file))
      .map((target) => `${file} -> ${target}`),
  );
}

/** Every import of a file the core's floors hold from a higher floor of the core (or its test support), as `from -> to`. */
function upwardCoreImports(graph: ImportGraph): string[] {
  return graph.files.filter(heldByCore).flatMap((file) =>
    graph.imports
      .get(file)!
      .filter((target) => target.startsWith(`${CORE.folder}/`) && coreFloorOf(target) > coreFloorOf(file))
      .map((target) => `${file} -> ${target}`),
  );
}

/**
 * Every floor above the lowest that imports nothing from the floor right
 * below it, as its names: floors order only what imports, so such a floor
 * belongs with the one below, its names siblings of those.
 */
function needlessFloors(floors: readonly (readonly string[])[], importsOf: (name: string) => Set<string>): string[] {
  return floors
    .filter((names, floor) => floor > 0 && !names.some((name) => floors[floor - 1].some((below) => importsOf(name).has(below))))
    .map((names) => names.join(', '));
}

/** The names each name imports from, at the grain of floors: `nameOf` gives a file's. */
function namesImported(graph: ImportGraph, files: string[], nameOf: (file: string) => string): (name: string) => Set<string> {
  const byName = new Map<string, Set<string>>();
  for (const file of files)
    for (const target of graph.imports.get(file)!) {
      if (!files.includes(target) || nameOf(target) === nameOf(file)) continue;
      if (!byName.has(nameOf(file))) byName.set(nameOf(file), new Set());
      byName.get(nameOf(file))!.add(nameOf(target));
    }
  return (name) => byName.get(name) ?? new Set();
}

/** The graph of names (folders and top-level files), an edge where one imports from the other. */
function folderGraph(names: string[], importsOf: (name: string) => Set<string>): ImportGraph {
  return {
    files: names,
    imports: new Map(names.map((name) => [name, [...importsOf(name)].filter((target) => names.includes(target))])),
    outside: new Map(),
  };
}

/** Every circle of imports, each as its files in order from its least one, as `a -> b -> a`. */
function importCycles(graph: ImportGraph): string[] {
  // Tarjan's strongly connected components; each component of more than one file holds a circle.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.imports.get(file)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.imports.get(file)!.includes(file)) components.push(component);
    }
  };
  for (const file of graph.files) if (!index.has(file)) visit(file);
  return components.map((component) => shortestCircle(graph, new Set(component))).sort();
}

/** One shortest circle through the least file of a strongly connected component. */
function shortestCircle(graph: ImportGraph, members: Set<string>): string {
  const start = [...members].sort()[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.imports.get(file)!) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = file; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start].join(' -> ');
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return start;
}

const graph = importGraph(path.join(projectRoot(), 'src'));

describe('the import graph of src/', () => {
  it('gives every file a floor', () => {
    expect(graph.files.filter((file) => floorOf(file) < 0)).toEqual([]);
  });

  it('has no import from a floor to a higher one', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it("leaves src/ only from specs (a spec may check the benchmark's requests)", () => {
    const leaving = graph.files.filter((file) => !file.endsWith('.spec.ts') && graph.outside.get(file)!.length > 0);
    expect(leaving).toEqual([]);
  });

  it('has no circle of imports', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('gives every file of the core a floor of its own', () => {
    expect(graph.files.filter((file) => heldByCore(file) && coreFloorOf(file) < 0)).toEqual([]);
  });

  it('has no import from a floor of the core to a higher one, nor to its test support but from a spec', () => {
    expect(upwardCoreImports(graph)).toEqual([]);
  });

  it("is entered from outside the core only by its front doors: a floor's index.ts, vocabulary.ts, and for specs its test support", () => {
    // A floor's door: the file the floor is, or its folder's index.ts.
    const doors = CORE.floors.flat().flatMap((name) => [`${CORE.folder}/${name}.ts`, `${CORE.folder}/${name}/index.ts`]);
    const through = (file: string, target: string) =>
      doors.includes(target) || (file.endsWith('.spec.ts') && target.startsWith(`${CORE.folder}/${CORE.testSupport}/`));
    const behind = graph.files
      .filter((file) => !file.startsWith(`${CORE.folder}/`))
      .flatMap((file) =>
        graph.imports
          .get(file)!
          .filter((target) => target.startsWith(`${CORE.folder}/`) && !through(file, target))
          .map((target) => `${file} -> ${target}`),
      );
    expect(behind).toEqual([]);
  });

  it('has no circle of imports between the names of floors, of src/ and of the core', () => {
    const top = (file: string) => file.split('/')[0].replace(/(\.spec)?\.ts$/, '');
    const inCore = (file: string) => file.split('/')[1].replace(/(\.spec)?\.ts$/, '');
    // A spec is imported by nothing: a circle through one is no circle of the folders' code.
    const core = graph.files.filter((file) => file.startsWith(`${CORE.folder}/`) && !file.endsWith('.spec.ts'));
    expect(importCycles(folderGraph(FLOORS.flat(), namesImported(graph, graph.files, top)))).toEqual([]);
    expect(importCycles(folderGraph([...CORE.floors.flat(), CORE.testSupport], namesImported(graph, core, inCore)))).toEqual([]);
  });

  it('orders only what imports: every floor above the lowest imports from the floor right below', () => {
    const top = (file: string) => file.split('/')[0].replace(/(\.spec)?\.ts$/, '');
    expect(needlessFloors(FLOORS, namesImported(graph, graph.files, top))).toEqual([]);
    const held = graph.files.filter(heldByCore);
    const inCore = (file: string) => file.split('/')[1].replace(/\.ts$/, '');
    expect(needlessFloors(CORE.floors, namesImported(graph, held, inCore))).toEqual([]);
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

  it('finds an upward import inside the core, and a floor that orders what does not import', () => {
    const trial = {
      outside: new Map<string, string[]>(),
      files: ['loadout/rules/filters.ts', 'loadout/compiled/compile.ts', 'loadout/testing/oracle.ts', 'loadout/rules/filters.spec.ts'],
      imports: new Map([
        ['loadout/rules/filters.ts', ['loadout/compiled/compile.ts', 'loadout/testing/oracle.ts']],
        ['loadout/compiled/compile.ts', []],
        ['loadout/testing/oracle.ts', ['loadout/rules/filters.ts']],
        ['loadout/rules/filters.spec.ts', ['loadout/compiled/compile.ts', 'loadout/testing/oracle.ts']],
      ]),
    };
    expect(upwardCoreImports(trial)).toEqual([
      'loadout/rules/filters.ts -> loadout/compiled/compile.ts',
      'loadout/rules/filters.ts -> loadout/testing/oracle.ts',
    ]);
    const imports = new Map([
      ['agents', new Set(['organizations'])],
      ['catalogue', new Set(['organizations'])],
      ['tools', new Set(['agents'])],
    ]);
    const importsOf = (name: string) => imports.get(name) ?? new Set<string>();
    expect(needlessFloors([['organizations'], ['catalogue'], ['agents'], ['tools']], importsOf)).toEqual(['agents']);
    expect(needlessFloors([['organizations'], ['catalogue', 'agents'], ['tools']], importsOf)).toEqual([]);
  });
});
