import { h } from '../../web/dom';
import { when } from '../../web/format';
import type { Turn } from './query-types';

type Kept = NonNullable<Turn['mcpInventories']>[number];

/** How fresh one server's inventory was when the turn began, in words (docs/mcp-connections.md, "Statuses"). */
export function freshnessWords(
  kept: Pick<Kept, 'transport' | 'status' | 'lastOkAt' | 'lastError'>,
  at: (iso: string) => string = when,
): string {
  if (kept.transport === 'REPORTED') return 'reported by a runtime';
  if (kept.status === 'STALE') return `stale: last probed well ${kept.lastOkAt ? at(kept.lastOkAt) : 'never'}`;
  if (kept.status === 'FAILING') return `failing (${kept.lastError ?? 'the last probe failed'}), inventory still fresh`;
  return kept.lastOkAt ? `fresh, probed ${at(kept.lastOkAt)}` : 'fresh';
}

/** One line per turn naming each MCP server whose tools it carried and how fresh its inventory was. */
export function freshnessLine(turn: Turn): HTMLElement | null {
  const kept = turn.mcpInventories;
  if (!kept || kept.length === 0) return null;
  return h(
    'p',
    { class: 'usage mcp-inventories' },
    'MCP inventories: ',
    ...kept.flatMap((k, i) => [
      i > 0 ? '; ' : null,
      h('span', { class: 'mono' }, k.server),
      h('span', { class: k.status === 'OK' ? '' : 'warn' }, ` ${freshnessWords(k)}`),
    ]),
  );
}
