import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../common/project-root';
import { STAGES } from './stages';
import { DROP_REASONS } from '../vocabulary';

const read = (file: string) => fs.readFileSync(path.join(projectRoot(), file), 'utf8');

/** Every hand-written source file of src/, specs and test helpers left out. */
function sources(dir = 'src'): string[] {
  return fs.readdirSync(path.join(projectRoot(), dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'generated' ? [] : sources(file);
    return file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.endsWith('.fixture.ts') ? [file] : [];
  });
}

/** The text of a top-level function or exported const of a file, up to the next top-level declaration. */
function body(file: string, name: string): string {
  const text = read(file);
  const start = text.search(new RegExp(`^(export )?(async )?(function|const|class) ${name}\\b`, 'm'));
  if (start < 0) throw new Error(`${file} declares no ${name}`);
  const rest = text.slice(start + 1);
  const end = rest.search(/^(export |function |const |class |interface |type )/m);
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * Which stage of the table each path calls: the shadow step (`shadowWinner`
 * over `rivalsByName`'s groups, or the compiled loadout's, which
 * `rivalsByName` makes too) and the cut (`cut`, `Cut` one survivor at a time, `cutFull`). The budget
 * surface has no cut (docs/semantics.md §7.1).
 */
const USES: Array<{ path: string; file: string; fn: string; shadow: string[]; cut: string[] }> = [
  {
    path: 'the reference assembly',
    file: 'src/loadout/rules/assemble.ts',
    fn: 'survive',
    shadow: ['rivalsByName', 'shadowWinner'],
    cut: [],
  },
  { path: 'the reference assembly', file: 'src/loadout/rules/assemble.ts', fn: 'assembleToolbox', shadow: [], cut: ['cut'] },
  { path: 'the compiled path', file: 'src/loadout/compiled/serve.ts', fn: 'assembleCompiled', shadow: ['shadowWinner'], cut: ['Cut'] },
  { path: 'the class keys', file: 'src/loadout/compiled/classes.ts', fn: 'contextsThatMatter', shadow: ['shadowWinner'], cut: ['Cut'] },
  {
    path: 'the incremental invalidation',
    file: 'src/loadout/change/changed-toolboxes.ts',
    fn: 'withMoved',
    shadow: ['shadowWinner'],
    cut: ['cutFull', 'cut'],
  },
  {
    path: 'the budget surface',
    file: 'src/loadout/rules/assemble.ts',
    fn: 'budgetSurface',
    shadow: ['rivalsByName', 'shadowWinner'],
    cut: [],
  },
  {
    path: "the compiled loadout's groups",
    file: 'src/loadout/compiled/tool-lookups.ts',
    fn: 'toolLookups',
    shadow: ['rivalsByName'],
    cut: [],
  },
  { path: "a patch's groups", file: 'src/loadout/compiled/tool-lookups.ts', fn: 'patchedLookups', shadow: ['rivalsByName'], cut: [] },
];

const STAGE_FUNCTIONS = ['shadowWinner', 'compareShadowRank', 'rivalsByName', 'cut', 'Cut', 'cutFull', 'inDropOrder'];

describe('the table of stages', () => {
  it('holds all twelve filters (4a included) in the order of docs/semantics.md §3.2, which is the order of the vocabulary', () => {
    expect(STAGES.map((s) => s.reason)).toEqual(DROP_REASONS);
    expect(STAGES.map((s) => s.kind)).toEqual([...Array<string>(10).fill('filter'), 'shadow', 'cut', 'cut']);
  });

  it("cites for each row the section of docs/semantics.md that states its rule, whose heading names the row's filter", () => {
    const semantics = read('docs/semantics.md');
    const numbers = ['1', '2', '3', '4', '4a', ...Array.from({ length: 8 }, (_, i) => String(i + 5))];
    for (const [i, stage] of STAGES.entries()) {
      const heading = semantics.match(new RegExp(`^### ${stage.section.slice(1).replace('.', '\\.')} .*\\((filters? [^)]*)\\)$`, 'm'));
      expect({ reason: stage.reason, heading: heading?.[0] ?? null }).toEqual({ reason: stage.reason, heading: expect.any(String) });
      const named = heading![1].replace(/^filters? /, '');
      const range = named.match(/^(\d+) to (\d+)$/);
      const covers = range
        ? Number(numbers[i]) >= Number(range[1]) && Number(numbers[i]) <= Number(range[2])
        : named.split(' and ').includes(numbers[i]);
      expect({ reason: stage.reason, heading: heading![0], covers }).toEqual({ reason: stage.reason, heading: heading![0], covers: true });
    }
  });
});

describe('the shadow step and the cut', () => {
  it('are each defined once, in stages.ts', () => {
    const definitions = new Map<string, string[]>(STAGE_FUNCTIONS.map((name) => [name, []]));
    for (const file of sources()) {
      for (const name of STAGE_FUNCTIONS) {
        if (new RegExp(`^(export )?(function|const|class) ${name}\\b`, 'm').test(read(file))) definitions.get(name)!.push(file);
      }
    }
    expect(Object.fromEntries(definitions)).toEqual(
      Object.fromEntries(STAGE_FUNCTIONS.map((name) => [name, ['src/loadout/rules/stages.ts']])),
    );
  });

  it.each(USES)('are what $path calls ($fn)', ({ file, fn, shadow, cut }) => {
    const text = body(file, fn);
    const calls = (name: string) => new RegExp(`(new ${name}\\b|\\b${name}\\()`).test(text);
    expect(STAGE_FUNCTIONS.filter(calls).filter((name) => name !== 'inDropOrder')).toEqual(
      STAGE_FUNCTIONS.filter((name) => [...shadow, ...cut].includes(name)),
    );
  });

  it('are the only code that weighs a toolbox against Max Tools or the token cap, or ranks drops', () => {
    const restated =
      /((?<!=)[<>]=?\s*[\w.!]*\.(maxTools|maxSchemaTokens)\b)|(\.(maxTools|maxSchemaTokens)\s*[<>])|(slice\(0,[^)]*maxTools)|('OVER_(MAX_TOOLS|TOKEN_BUDGET)')/;
    const outside = sources().filter((file) => file !== 'src/loadout/rules/stages.ts' && file !== 'src/loadout/vocabulary.ts');
    expect(outside.filter((file) => restated.test(read(file)))).toEqual([]);
  });
});

describe('the scopes the filters read', () => {
  it('are each computed in filters.ts alone: candidates of a project, the project and agent scope, an MCP server in scope', () => {
    const restated = /(projectId === null \|\|)|(agentId === null \|\|)|(\.enabled && \()/;
    expect(sources().filter((file) => file !== 'src/loadout/rules/filters.ts' && restated.test(read(file)))).toEqual([]);
  });
});
