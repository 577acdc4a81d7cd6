import { h } from '../../web/dom';
import type { Tool } from './query-types';
import { diffLines } from './text-diff';

/** What changed in a tool since the previous turn: its description and schema, before and after, line by line. */
export function changeView(before: Tool, after: Tool, previousIndex: number): HTMLElement[] {
  const lines = (a: string, b: string, className: string) =>
    h(
      'pre',
      { class: `text-diff ${className}`, 'aria-label': `Turn ${previousIndex} against this turn` },
      ...diffLines(a, b).map((line) =>
        h('span', { class: `line line-${line.kind}` }, `${{ same: '  ', added: '+ ', removed: '- ' }[line.kind]}${line.text}\n`),
      ),
    );
  const schema = (tool: Tool) => JSON.stringify(tool.inputSchema, null, 2);
  return [
    h(
      'p',
      { class: 'muted change-note' },
      `Changed since turn ${previousIndex}: `,
      h('span', { class: 'line-removed' }, '− before'),
      ' ',
      h('span', { class: 'line-added' }, '+ after'),
    ),
    before.description === after.description
      ? h('p', { class: 'description' }, after.description)
      : lines(before.description, after.description, 'description-diff'),
    schema(before) === schema(after)
      ? h('pre', { class: 'schema' }, schema(after))
      : lines(schema(before), schema(after), 'schema schema-diff'),
  ];
}
