import { probeStatus } from './mcp-probe-status';

const now = new Date('2026-12-04T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const STALE_AFTER = 60_000;
const http = (probed: boolean) => ({ transport: 'STREAMABLE_HTTP' as const, probed });

it('a reported server is UNPROBED until it reports, then OK, never stale', () => {
  expect(probeStatus({ transport: 'REPORTED', probed: false }, null, now, STALE_AFTER)).toBe('UNPROBED');
  expect(probeStatus({ transport: 'REPORTED', probed: true }, null, now, STALE_AFTER)).toBe('OK');
});

it('a probed server is UNPROBED before any probe, OK after a good one', () => {
  expect(probeStatus(http(false), { lastOkAt: null, lastError: null }, now, STALE_AFTER)).toBe('UNPROBED');
  expect(probeStatus(http(true), { lastOkAt: ago(1000), lastError: null }, now, STALE_AFTER)).toBe('OK');
});

it('FAILING while the last probe failed and what it holds is fresh, or it holds nothing', () => {
  expect(probeStatus(http(true), { lastOkAt: ago(1000), lastError: 'refused' }, now, STALE_AFTER)).toBe('FAILING');
  expect(probeStatus(http(false), { lastOkAt: null, lastError: 'refused' }, now, STALE_AFTER)).toBe('FAILING');
});

it('STALE once the last good inventory is older than the stale age, failing or not', () => {
  expect(probeStatus(http(true), { lastOkAt: ago(STALE_AFTER + 1), lastError: 'refused' }, now, STALE_AFTER)).toBe('STALE');
  expect(probeStatus(http(true), { lastOkAt: ago(STALE_AFTER + 1), lastError: null }, now, STALE_AFTER)).toBe('STALE');
  expect(probeStatus(http(true), { lastOkAt: ago(STALE_AFTER), lastError: null }, now, STALE_AFTER)).toBe('OK');
});
