import { keptFrom, monthOf, parseMonth, partitionPlan, retainedHorizon } from './call-log-retention';

const at = (iso: string) => new Date(iso);
const names = (months: Array<{ name: string }>) => months.map((m) => m.name);

describe('monthOf and parseMonth', () => {
  it.each([
    ['2025-01-01T00:00:00.000Z', 'tool_calls_p2025_01', '2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z'],
    ['2025-12-31T23:59:59.999Z', 'tool_calls_p2025_12', '2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
    ['1970-01-01T00:00:00.000Z', 'tool_calls_p1970_01', '1970-01-01T00:00:00.000Z', '1970-02-01T00:00:00.000Z'],
  ])('puts %s in %s, [%s, %s)', (instant, name, from, to) => {
    const m = monthOf(at(instant));
    expect({ name: m.name, from: m.from.toISOString(), to: m.to.toISOString() }).toEqual({ name, from, to });
    expect(parseMonth(name)).toEqual(m);
  });

  it.each(['tool_calls_default', 'tool_calls_p2025_13', 'tool_calls_p2025_00', 'other_p2025_01'])('reads no month in %s', (name) => {
    expect(parseMonth(name)).toBeNull();
  });
});

describe('partitionPlan', () => {
  const now = at('2025-06-15T12:00:00.000Z');

  it('keeps whole months from the one holding now − retention', () => {
    expect(keptFrom(now, 90).toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(keptFrom(now, 31).toISOString()).toBe('2025-05-01T00:00:00.000Z');
  });

  it('creates every kept month through two past the current one on an empty log, and drops nothing', () => {
    const plan = partitionPlan(now, 90, ['tool_calls_default']);
    expect(names(plan.create)).toEqual([
      'tool_calls_p2025_03',
      'tool_calls_p2025_04',
      'tool_calls_p2025_05',
      'tool_calls_p2025_06',
      'tool_calls_p2025_07',
      'tool_calls_p2025_08',
    ]);
    expect(plan.drop).toEqual([]);
  });

  it('drops the months wholly before the kept one, oldest first, and creates only the missing ones', () => {
    const existing = ['tool_calls_p2025_03', 'tool_calls_p2025_01', 'tool_calls_p2025_02', 'tool_calls_default', 'tool_calls_p2025_07'];
    const plan = partitionPlan(now, 90, existing);
    expect(names(plan.drop)).toEqual(['tool_calls_p2025_01', 'tool_calls_p2025_02']);
    expect(names(plan.create)).toEqual(['tool_calls_p2025_04', 'tool_calls_p2025_05', 'tool_calls_p2025_06', 'tool_calls_p2025_08']);
  });

  it('makes no month again that the log was cut before, and cuts no earlier than there', () => {
    const plan = partitionPlan(now, 90, ['tool_calls_p2025_04', 'tool_calls_p2025_05'], at('2025-05-01T00:00:00.000Z'));
    expect(plan.keptFrom.toISOString()).toBe('2025-05-01T00:00:00.000Z');
    expect(names(plan.drop)).toEqual(['tool_calls_p2025_04']);
    expect(names(plan.create)).toEqual(['tool_calls_p2025_06', 'tool_calls_p2025_07', 'tool_calls_p2025_08']);
  });

  it('crosses a year', () => {
    const plan = partitionPlan(at('2025-12-20T00:00:00.000Z'), 31, []);
    expect(names(plan.create)).toEqual(['tool_calls_p2025_11', 'tool_calls_p2025_12', 'tool_calls_p2026_01', 'tool_calls_p2026_02']);
  });
});

describe('retainedHorizon', () => {
  const now = at('2025-06-15T12:00:00.000Z');

  it('is retention days before now while the log was cut no later', () => {
    expect(retainedHorizon(now, 90, null).toISOString()).toBe('2025-03-17T12:00:00.000Z');
    expect(retainedHorizon(now, 90, at('2025-03-01T00:00:00.000Z')).toISOString()).toBe('2025-03-17T12:00:00.000Z');
  });

  it('is where the log was cut when that is later (an instance keeping fewer days cut it)', () => {
    expect(retainedHorizon(now, 90, at('2025-05-01T00:00:00.000Z')).toISOString()).toBe('2025-05-01T00:00:00.000Z');
  });
});
