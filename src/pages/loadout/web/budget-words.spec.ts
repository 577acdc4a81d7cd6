import { gateProgress, pillText, sharePercent } from './budget-words';

describe("the Tools page's words", () => {
  it('says the level and the numbers, never only a colour', () => {
    const report = { level: 'WARN' as const, estimatedToolCount: 51, estimatedSchemaTokens: 12_480, warnThreshold: 48, hotThreshold: 96 };
    expect(pillText(report)).toBe('51 tools, 12,480 schema tokens: warning: more tools than the warn threshold (warn at 48, hot at 96)');
    expect(pillText({ ...report, level: 'OK', estimatedToolCount: 1 })).toMatch(/^1 tool, .*within budget/);
  });

  it("counts the gate's days from the first call, whole days, capped at what the gate needs", () => {
    const now = new Date('2026-12-06T12:00:00Z');
    const evidence = { totalCalls: 143, requiredCalls: 200, requiredDays: 7, firstCallAt: '2026-12-02T11:00:00Z' };
    expect(gateProgress(evidence, now)).toEqual({ calls: 143, days: 4, text: '143 of 200 calls, 4 of 7 days' });
    expect(gateProgress({ ...evidence, totalCalls: 250, firstCallAt: '2026-10-01T00:00:00Z' }, now)).toEqual({
      calls: 200,
      days: 7,
      text: '250 of 200 calls, 7 of 7 days',
    });
    expect(gateProgress({ ...evidence, totalCalls: 0, firstCallAt: null }, now).text).toBe('0 of 200 calls, 0 of 7 days');
  });

  it('gives each tool its share of the toolbox', () => {
    expect(sharePercent(250, 1000)).toBe(25);
    expect(sharePercent(0, 0)).toBe(0);
  });
});
