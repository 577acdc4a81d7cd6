/**
 * The fenced blocks of a Markdown guide that a test runs: ```js file=NAME
 * (saved, not run), ```js step=NAME and ```sh step (run in order, must exit
 * 0), ```js background=NAME (started, must print a line, then exit 0 by
 * itself once later steps have run). ```ts blocks are the same with a
 * TypeScript file, which the test compiles first. Other blocks are prose.
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

const FENCE = /^```(\w+)\s*(.*)$/;

export function runnableBlocks(markdown: string): RunnableBlock[] {
  const lines = markdown.split('\n');
  const blocks: RunnableBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    if (end < 0) throw new Error(`unclosed fence at line ${i + 1}`);
    const [, language, info] = open;
    const attribute = /^(file|step|background)(?:=(\S+))?$/.exec(info.trim());
    if (attribute) {
      if (language !== 'js' && language !== 'ts' && language !== 'sh') {
        throw new Error(`line ${i + 1}: runnable blocks are js, ts or sh, not ${language}`);
      }
      const [, kind, name] = attribute;
      if (language !== 'sh' && !name) throw new Error(`line ${i + 1}: a ${language} block needs a file name`);
      blocks.push({
        kind: kind as RunnableBlock['kind'],
        language: language as RunnableBlock['language'],
        name,
        code: lines.slice(i + 1, end).join('\n') + '\n',
        line: i + 1,
      });
    }
    i = end;
  }
  return blocks;
}
