import { freshnessWords } from './mcp-freshness';

const at = (iso: string) => iso.slice(0, 10);

it.each([
  [{ transport: 'REPORTED', status: 'OK', lastOkAt: null, lastError: null }, 'reported by a runtime'],
  [{ transport: 'STREAMABLE_HTTP', status: 'OK', lastOkAt: '2026-12-04T10:00:00Z', lastError: null }, 'fresh, probed 2026-12-04'],
  [{ transport: 'SSE', status: 'STALE', lastOkAt: '2026-12-01T10:00:00Z', lastError: 'no answer' }, 'stale: last probed well 2026-12-01'],
  [
    { transport: 'STDIO', status: 'FAILING', lastOkAt: '2026-12-04T10:00:00Z', lastError: 'the connection was refused' },
    'failing (the connection was refused), inventory still fresh',
  ],
] as const)('%j reads "%s"', (kept, words) => expect(freshnessWords(kept, at)).toBe(words));
