import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './common/project-root';

/*
 * The code and the docs cite the project's own statement of its rules,
 * docs/semantics.md, by section (`docs/semantics.md §3.2`), and never a
 * document outside the repository. This spec holds every file of the
 * repository's code and docs to both, the README to being a short front
 * door that links every page of docs/, every link of the pages to a file
 * and heading of the repository, every note the code cites
 * (`docs/architecture.md, note "…"`) to a note that page has, and every
 * note of that page to being cited from the code or another page
 * (docs/architecture.md, its opening).
 */

const ROOT = projectRoot();
const SEMANTICS = 'docs/semantics.md';
const SCANNED = ['src', 'test', 'bench', 'packages', 'docs', 'scripts', 'examples', 'README.md'];
const TEXT_FILE = /\.(ts|js|mjs|cjs|md|json|graphql|html|css|sql|sh|txt|ya?ml)$/;

/** Ways of naming the outside rules document or the folder beside the repository that holds it. */
const OUTSIDE = [
  { what: 'the outside rules document', pattern: /\bSEMANTICS\b/ },
  { what: 'the folder beside the repository', pattern: /\.\.[\\/]shared\b/ },
  { what: 'the folder beside the repository', pattern: /['"]\.\.['"]\s*,\s*['"]shared['"]/ },
  { what: 'the folder beside the repository', pattern: /(^|[^\w.-])shared\/(design|data|tools|contract)\b/ },
];

/** Each line naming something outside the repository, as `line: what`. */
function outsideMentions(text: string): string[] {
  return text.split('\n').flatMap((line, i) => OUTSIDE.filter((o) => o.pattern.test(line)).map((o) => `${i + 1}: ${o.what}`));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

interface Sections {
  numbers: Set<string>;
  anchors: Set<string>;
  duplicates: string[];
}

/** The numbered sections of the page (`## 3. The toolbox`, `### 3.2 The filters, in order`) and every heading's anchor. */
function sectionsOf(page: string): Sections {
  const sections: Sections = { numbers: new Set(), anchors: new Set(), duplicates: [] };
  for (const [, text] of page.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    sections.anchors.add(anchorOf(text));
    const number = /^(\d+(?:\.\d+)*)\.?\s/.exec(text)?.[1];
    if (!number) continue;
    if (sections.numbers.has(number)) sections.duplicates.push(number);
    sections.numbers.add(number);
  }
  return sections;
}

const SECTION = /§\s?(\d+(?:\.\d+)*)/g;
/** `semantics.md` followed by one or more sections: `§3`, `§3.12, §7.3`, `§5.1 and §5.3`. */
const CITATION = /semantics\.md\s*((?:(?:,\s*|\s+and\s+|)§\s?\d+(?:\.\d+)*)+)/g;
const LINK = /semantics\.md#([\w-]+)/g;
const OWN_LINK = /\]\(#([\w-]+)\)/g;

/** Each citation of a section or anchor the page does not have. `ownPage`: the text is the page itself, whose bare `§N` are its own sections. */
function brokenCitations(text: string, sections: Sections, ownPage: boolean): string[] {
  const problems: string[] = [];
  const cited = ownPage
    ? [...text.matchAll(SECTION)].map((m) => m[1])
    : [...text.matchAll(CITATION)].flatMap((m) => [...m[1].matchAll(SECTION)].map((s) => s[1]));
  for (const number of cited) if (!sections.numbers.has(number)) problems.push(`§${number}`);
  for (const [, anchor] of text.matchAll(ownPage ? OWN_LINK : LINK)) if (!sections.anchors.has(anchor)) problems.push(`#${anchor}`);
  return problems;
}

function filesUnder(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) return filesUnder(child);
      return TEXT_FILE.test(entry.name) ? [child] : [];
    });
}

const self = path.relative(ROOT, __filename);
const scanned = SCANNED.flatMap(filesUnder).filter((file) => file !== self);
const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('the checks themselves', () => {
  const page = '# Rules\n\n## 3. The toolbox\n\n### 3.2 The filters, in order\n\nAs §3.2 says; see [the cut](#3-the-toolbox).\n';
  const sections = sectionsOf(page);

  it('find the sections and anchors of a page, and flag a number used twice', () => {
    expect([...sections.numbers]).toEqual(['3', '3.2']);
    expect(sections.anchors).toEqual(new Set(['rules', '3-the-toolbox', '32-the-filters-in-order']));
    expect(sectionsOf('## 1. A\n### 1.1 B\n### 1.1 C\n').duplicates).toEqual(['1.1']);
  });

  it('flag a citation of a section or anchor the page lacks, in a list too', () => {
    const code =
      '// docs/semantics.md §3, §3.2 and §9.1; docs/semantics.md §3.7.\n[x](docs/semantics.md#3-the-toolbox) [y](semantics.md#4-turns)';
    expect(brokenCitations(code, sections, false)).toEqual(['§9.1', '§3.7', '#4-turns']);
    expect(brokenCitations('See §3.2 and §4; [x](#32-the-filters-in-order) [y](#nowhere).', sections, true)).toEqual(['§4', '#nowhere']);
  });

  it('flag a mention of the outside document or the folder beside the repository, and nothing else', () => {
    const outside = ['// SEMANTICS section 3', "path.join(root, '..', 'shared', 'data')", 'needs `../shared`', 'see shared/design/x'];
    for (const line of outside) expect(outsideMentions(line)).toHaveLength(1);
    const fine = ['// docs/semantics.md §3', 'src/server/shared-subscription-results.ts', 'a shared set', 'semantics of the cut'];
    for (const line of fine) expect(outsideMentions(line)).toEqual([]);
  });
});

describe(`code and docs cite ${SEMANTICS}, never a document outside the repository`, () => {
  const page = read(SEMANTICS);
  const sections = sectionsOf(page);

  it('scans the code and the docs', () => {
    expect(scanned).toEqual(expect.arrayContaining([SEMANTICS, 'README.md', 'src/loadout/rules/filters.ts']));
  });

  it('numbers each section of the page once', () => {
    expect(sections.duplicates).toEqual([]);
  });

  it('names no document outside the repository', () => {
    const offences = scanned.flatMap((file) => outsideMentions(read(file)).map((at) => `${file}:${at}`));
    expect(offences).toEqual([]);
  });

  it('cites only sections and anchors the page has', () => {
    const broken = scanned.flatMap((file) =>
      brokenCitations(read(file), sections, file === SEMANTICS).map((citation) => `${file}: ${citation}`),
    );
    expect(broken).toEqual([]);
  });
});

const PAGES = ['README.md', ...filesUnder('docs').filter((file) => file.endsWith('.md'))];
const ARCHITECTURE = 'docs/architecture.md';
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;
/** `docs/architecture.md, note "…"`, in a comment that may break the line before `note`. */
const NOTE_CITATION = /docs\/architecture\.md,(?:\s|\*|\/\/)*note "([^"]+)"/g;
const NOTE_LINK = /architecture\.md#(note-[\w-]+)/g;

/** The notes of the page, by title. */
const notesOf = (page: string): string[] => [...page.matchAll(/^### Note: (.+)$/gm)].map((m) => m[1]);

/** The notes a text cites by title (`docs/architecture.md, note "…"`), and those of `notes` it links by anchor. */
function notesCited(text: string, notes: readonly string[]): string[] {
  const byAnchor = new Map(notes.map((note) => [anchorOf(`Note: ${note}`), note]));
  const named = [...text.matchAll(NOTE_CITATION)].map((m) => m[1]);
  const linked = [...text.matchAll(NOTE_LINK)].flatMap((m) => byAnchor.get(m[1]) ?? []);
  return [...named, ...linked];
}

/** Each relative link of a page that names no file of the repository, or a heading its page lacks. */
function brokenLinks(file: string, text = read(file)): string[] {
  const problems: string[] = [];
  for (const [, target] of text.matchAll(MARKDOWN_LINK)) {
    if (/^[a-z]+:/.test(target)) continue;
    const [pathPart, anchor] = target.split('#');
    const resolved = pathPart ? path.normalize(path.join(path.dirname(file), pathPart)) : file;
    if (resolved.startsWith('..') || path.isAbsolute(resolved)) problems.push(`${target}: outside the repository`);
    else if (!fs.existsSync(path.join(ROOT, resolved))) problems.push(`${target}: no such file`);
    else if (anchor && resolved.endsWith('.md') && !sectionsOf(read(resolved)).anchors.has(anchor))
      problems.push(`${target}: no such heading`);
  }
  return problems.map((problem) => `${file}: ${problem}`);
}

describe('the README is a front door to docs/', () => {
  const readme = read('README.md');

  it('is at most about 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('links every page of docs/', () => {
    const pages = fs.readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
    expect(pages.length).toBeGreaterThanOrEqual(10);
    expect(pages.filter((name) => !readme.includes(`](docs/${name})`) && !readme.includes(`](docs/${name}#`))).toEqual([]);
  });
});

describe('links and named notes resolve inside the repository', () => {
  it('checks the links of the README and every page of docs/', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['README.md', ARCHITECTURE, SEMANTICS]));
  });

  it('flag a link outside the repository, to no file, or to a heading its page lacks, and nothing else', () => {
    const text =
      '[a](../../shared/x.md) [b](nowhere.md) [c](semantics.md#nope) [d](semantics.md#2-tenancy-and-access) [e](https://x.example) [f](../src)';
    expect(brokenLinks('docs/page.md', text)).toEqual([
      'docs/page.md: ../../shared/x.md: outside the repository',
      'docs/page.md: nowhere.md: no such file',
      'docs/page.md: semantics.md#nope: no such heading',
    ]);
  });

  it('each relative link names a file of the repository, and a heading its page has', () => {
    expect(PAGES.flatMap((file) => brokenLinks(file))).toEqual([]);
  });

  it('each page of docs/ the code or a page names exists', () => {
    const named = scanned.flatMap((file) =>
      [...read(file).matchAll(/\bdocs\/([\w-]+\.md)\b/g)].map((m) => ({ file, page: `docs/${m[1]}` })),
    );
    expect(named.length).toBeGreaterThanOrEqual(20);
    expect(named.filter(({ page }) => !fs.existsSync(path.join(ROOT, page)))).toEqual([]);
  });

  it('find the notes a text names or links, across a line break of a comment too', () => {
    const notes = notesOf('### Note: The loadout cache\n\n### Note: What bumps `loadoutVersion`\n\n### Note: Classes\n');
    expect(notes).toEqual(['The loadout cache', 'What bumps `loadoutVersion`', 'Classes']);
    const text =
      '// See docs/architecture.md, note "Classes".\n * see docs/architecture.md,\n * note "Nowhere".\n' +
      '[a](architecture.md#note-what-bumps-loadoutversion) [b](architecture.md#note-nowhere) [c](architecture.md#layers)';
    expect(notesCited(text, notes)).toEqual(['Classes', 'Nowhere', 'What bumps `loadoutVersion`']);
  });

  it('each note the code or a page cites is a note of docs/architecture.md, named once', () => {
    const notes = notesOf(read(ARCHITECTURE));
    expect(notes.length).toBeGreaterThanOrEqual(8);
    expect(notes.filter((note, i) => notes.indexOf(note) !== i)).toEqual([]);
    const cited = scanned.flatMap((file) => [...read(file).matchAll(NOTE_CITATION)].map((m) => ({ file, note: m[1] })));
    expect(cited.length).toBeGreaterThanOrEqual(8);
    expect(cited.filter(({ note }) => !notes.includes(note))).toEqual([]);
  });

  it('each note of docs/architecture.md is cited from the code or another page', () => {
    const notes = notesOf(read(ARCHITECTURE));
    const cited = new Set(scanned.filter((file) => file !== ARCHITECTURE).flatMap((file) => notesCited(read(file), notes)));
    expect(notes.filter((note) => !cited.has(note))).toEqual([]);
  });
});
