/**
 * The fenced blocks of the README and docs/, and what a test does with each.
 * Runnable: ```js file=NAME (saved, not run), ```js step=NAME and ```sh step
 * (run in order, must exit 0), ```js background=NAME (started, must print a
 * line, then exit 0 by itself once later steps have run); ```ts blocks are
 * the same with a TypeScript file, which the test compiles first. Checked:
 * ```json output (what the step before it prints, as JSON), ```graphql
 * (validated against the schema). Not run: ```<language> sketch (a block no
 * test can run as written, such as one that needs another database), a fence
 * with no language (text: output, a diagram, a formula), and an ```sh block
 * of `export LOADOUT_URL=…` and `LOADOUT_KEY=…` lines alone (the test sets
 * both). Any other block is unmarked, and a test says where.
 */
export interface RunnableBlock {
  kind: 'file' | 'step' | 'background';
  language: 'js' | 'ts' | 'sh';
  /** The file the block is saved as; sh steps have none. */
  name?: string;
  code: string;
  /** 1-based line of the opening fence, for failure messages. */
  line: number;
}

export interface FencedBlock {
  /** The fence's language; '' when it has none. */
  language: string;
  /** What follows the language on the fence line. */
  info: string;
  code: string;
  line: number;
}

export type BlockUse = 'runnable' | 'output' | 'graphql' | 'sketch' | 'text' | 'environment' | 'unmarked';

const FENCE = /^```(\w*)\s*(.*)$/;
const RUNNABLE = /^(file|step|background)(?:=(\S+))?$/;
const ENVIRONMENT_LINE = /^export (LOADOUT_URL|LOADOUT_KEY)=\S+( (LOADOUT_URL|LOADOUT_KEY)=\S+)?\s*(#.*)?$/;

/** Every fenced block of a Markdown page, in order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    if (end < 0) throw new Error(`unclosed fence at line ${i + 1}`);
    blocks.push({ language: open[1], info: open[2].trim(), code: lines.slice(i + 1, end).join('\n') + '\n', line: i + 1 });
    i = end;
  }
  return blocks;
}

/** What a test does with a block. */
export function blockUse(block: FencedBlock): BlockUse {
  if (RUNNABLE.test(block.info)) return 'runnable';
  if (block.info === 'sketch') return 'sketch';
  if (block.language === 'json' && block.info === 'output') return 'output';
  if (block.language === 'graphql' && block.info === '') return 'graphql';
  if (block.language === '' && block.info === '') return 'text';
  const lines = block.code.trim().split('\n');
  if (block.language === 'sh' && block.info === '' && lines.every((l) => ENVIRONMENT_LINE.test(l))) return 'environment';
  return 'unmarked';
}

export function runnableBlocks(markdown: string): RunnableBlock[] {
  return fencedBlocks(markdown)
    .filter((block) => blockUse(block) === 'runnable')
    .map(({ language, info, code, line }) => {
      if (language !== 'js' && language !== 'ts' && language !== 'sh') {
        throw new Error(`line ${line}: runnable blocks are js, ts or sh, not ${language}`);
      }
      const [, kind, name] = RUNNABLE.exec(info)!;
      if (language !== 'sh' && !name) throw new Error(`line ${line}: a ${language} block needs a file name`);
      return { kind: kind as RunnableBlock['kind'], language, name, code, line };
    });
}
