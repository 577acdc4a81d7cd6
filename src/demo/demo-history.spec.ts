import { ALWAYS_FAILS_MIN_CALLS, COLD_DAYS, REQUIRED_CALLS, REQUIRED_DAYS } from '../budget/budget-report';
import { DAY_MS } from '../common/time';
import { COLD_TOOL, demoHistory, FAILING_TOOL, NEVER_CALLED_TOOL } from './demo-history';

const morning = new Date('2026-03-10T00:00:00.000Z');
const night = new Date('2026-03-10T23:59:59.999Z');

describe('the demo history', () => {
  it('is the same for every instant of one UTC day', () => {
    expect(demoHistory(night)).toEqual(demoHistory(morning));
  });

  it('lies wholly before the seeding day, over five weeks', () => {
    const history = demoHistory(morning);
    const instants = history.flatMap((c) => [c.startedAt, ...c.turns.flatMap((t) => [t.at, t.completedAt]), ...c.calls.map((x) => x.at)]);
    expect(Math.max(...instants.map((d) => d.getTime()))).toBeLessThan(morning.getTime());
    expect(morning.getTime() - Math.min(...instants.map((d) => d.getTime()))).toBeGreaterThan(4 * 7 * DAY_MS);
    expect(new Set(history.map((c) => c.startedAt.toISOString().slice(0, 10))).size).toBe(history.length);
  });

  it('calls enough, early enough, to open the evidence gate', () => {
    const calls = demoHistory(morning).flatMap((c) => c.calls);
    expect(calls.length).toBeGreaterThanOrEqual(REQUIRED_CALLS);
    const first = Math.min(...calls.map((c) => c.at.getTime()));
    expect(morning.getTime() - first).toBeGreaterThan(REQUIRED_DAYS * DAY_MS);
  });

  it('gives each verdict a tool: never called, called last more than COLD_DAYS ago, always failing', () => {
    const calls = demoHistory(night).flatMap((c) => c.calls);
    expect(calls.filter((c) => c.toolName === NEVER_CALLED_TOOL)).toEqual([]);
    const cold = calls.filter((c) => c.toolName === COLD_TOOL);
    expect(cold.length).toBeGreaterThan(0);
    // Read on the last instant of the seeding day, the latest a report of that day can be.
    expect(night.getTime() - Math.max(...cold.map((c) => c.at.getTime()))).toBeGreaterThanOrEqual(COLD_DAYS * DAY_MS);
    const failing = calls.filter((c) => c.toolName === FAILING_TOOL);
    expect(failing.length).toBeGreaterThanOrEqual(ALWAYS_FAILS_MIN_CALLS);
    expect(failing.every((c) => c.isError)).toBe(true);
    expect(calls.filter((c) => c.toolName !== FAILING_TOOL).every((c) => !c.isError)).toBe(true);
  });
});
