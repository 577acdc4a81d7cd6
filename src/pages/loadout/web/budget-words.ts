import type { BudgetLevel } from '../../../loadout/vocabulary';
import { numbers } from '../../web/format';

const LEVEL_TEXT: Record<BudgetLevel, string> = {
  OK: 'within budget',
  WARN: 'warning: more tools than the warn threshold',
  HOT: 'hot: more tools than the hot threshold',
};

/** The budget pill's words, so the level never rests on its colour alone. */
export function pillText(report: {
  level: BudgetLevel;
  estimatedToolCount: number;
  estimatedSchemaTokens: number;
  warnThreshold: number;
  hotThreshold: number;
}): string {
  const count = report.estimatedToolCount;
  return (
    `${numbers.format(count)} tool${count === 1 ? '' : 's'}, ${numbers.format(report.estimatedSchemaTokens)} schema tokens: ` +
    `${LEVEL_TEXT[report.level]} (warn at ${numbers.format(report.warnThreshold)}, hot at ${numbers.format(report.hotThreshold)})`
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far the evidence gate is: "143 of 200 calls, 4 of 7 days", each part capped at what it needs. */
export function gateProgress(
  evidence: { totalCalls: number; requiredCalls: number; requiredDays: number; firstCallAt?: string | null },
  now: Date,
): { calls: number; days: number; text: string } {
  const calls = Math.min(evidence.totalCalls, evidence.requiredCalls);
  const days = evidence.firstCallAt
    ? Math.min(evidence.requiredDays, Math.max(0, Math.floor((now.getTime() - Date.parse(evidence.firstCallAt)) / DAY_MS)))
    : 0;
  const text =
    `${numbers.format(evidence.totalCalls)} of ${numbers.format(evidence.requiredCalls)} calls, ` +
    `${days} of ${evidence.requiredDays} days`;
  return { calls, days, text };
}

/** A tool's share of the toolbox's schema tokens, as a whole percentage (0 of an empty toolbox). */
export const sharePercent = (tokens: number, total: number): number => (total > 0 ? Math.round((tokens / total) * 100) : 0);
