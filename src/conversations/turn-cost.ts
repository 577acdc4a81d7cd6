/** A turn's token counts; docs/usage-and-pricing.md says what each provider's fields count as. */
export interface UsageRecord {
  inputTokens: number;
  cachedInputTokens: number;
  /** Every cache write, the 1-hour ones included. */
  cacheWriteTokens: number;
  /** The part of cacheWriteTokens written to the 1-hour cache. */
  cacheWrite1hTokens: number;
  outputTokens: number;
}

/** USD and credit rates per million tokens. */
export interface PriceRates {
  inputUsdPerMTok: number;
  cachedInputUsdPerMTok: number;
  /** Cache writes other than 1-hour ones: Anthropic's 5-minute writes, OpenAI's writes. */
  cacheWriteUsdPerMTok: number;
  cacheWrite1hUsdPerMTok: number;
  outputUsdPerMTok: number;
  creditsPerMTok: number | null;
}

/** Anthropic prices a write to the 1-hour cache at twice the input rate (a 5-minute write at 1.25 times). */
export const CACHE_WRITE_1H_INPUT_MULTIPLE = 2;

/** A price as set: the rates given, the optional ones left out taking their defaults. */
export function priceRates(
  set: Omit<PriceRates, 'cacheWriteUsdPerMTok' | 'cacheWrite1hUsdPerMTok' | 'creditsPerMTok'> &
    Partial<Record<'cacheWriteUsdPerMTok' | 'cacheWrite1hUsdPerMTok' | 'creditsPerMTok', number | null>>,
): PriceRates {
  return {
    inputUsdPerMTok: set.inputUsdPerMTok,
    cachedInputUsdPerMTok: set.cachedInputUsdPerMTok,
    cacheWriteUsdPerMTok: set.cacheWriteUsdPerMTok ?? set.inputUsdPerMTok,
    cacheWrite1hUsdPerMTok: set.cacheWrite1hUsdPerMTok ?? CACHE_WRITE_1H_INPUT_MULTIPLE * set.inputUsdPerMTok,
    outputUsdPerMTok: set.outputUsdPerMTok,
    creditsPerMTok: set.creditsPerMTok ?? null,
  };
}

/** A price as a turn stores it when completed (all null: its model had no price). */
export interface FrozenPrice {
  priceInputUsdPerMTok: number | null;
  priceCachedInputUsdPerMTok: number | null;
  priceCacheWriteUsdPerMTok: number | null;
  priceCacheWrite1hUsdPerMTok: number | null;
  priceOutputUsdPerMTok: number | null;
  priceCreditsPerMTok: number | null;
}

export function freezePrice(price: PriceRates | null): FrozenPrice {
  return {
    priceInputUsdPerMTok: price?.inputUsdPerMTok ?? null,
    priceCachedInputUsdPerMTok: price?.cachedInputUsdPerMTok ?? null,
    priceCacheWriteUsdPerMTok: price?.cacheWriteUsdPerMTok ?? null,
    priceCacheWrite1hUsdPerMTok: price?.cacheWrite1hUsdPerMTok ?? null,
    priceOutputUsdPerMTok: price?.outputUsdPerMTok ?? null,
    priceCreditsPerMTok: price?.creditsPerMTok ?? null,
  };
}

/** The rates a turn was completed under, or null; the USD rates are stored together or not at all. */
export function frozenRates(frozen: FrozenPrice): PriceRates | null {
  const { priceInputUsdPerMTok, priceCachedInputUsdPerMTok, priceCacheWriteUsdPerMTok, priceCacheWrite1hUsdPerMTok } = frozen;
  const { priceOutputUsdPerMTok } = frozen;
  if (priceInputUsdPerMTok == null || priceCachedInputUsdPerMTok == null || priceCacheWriteUsdPerMTok == null) return null;
  if (priceCacheWrite1hUsdPerMTok == null || priceOutputUsdPerMTok == null) return null;
  return {
    inputUsdPerMTok: priceInputUsdPerMTok,
    cachedInputUsdPerMTok: priceCachedInputUsdPerMTok,
    cacheWriteUsdPerMTok: priceCacheWriteUsdPerMTok,
    cacheWrite1hUsdPerMTok: priceCacheWrite1hUsdPerMTok,
    outputUsdPerMTok: priceOutputUsdPerMTok,
    creditsPerMTok: frozen.priceCreditsPerMTok,
  };
}

export interface TurnCost {
  amountUsd: number | null;
  credits: number | null;
  toolDefinitionShare: number;
}

const PER_MILLION = 1_000_000;

/** The most tokens of each kind a turn can record: its counts are GraphQL Ints and int columns. */
export const TURN_TOKENS_MAX = 2_147_483_647;

/**
 * The most a rate may be, in USD or credits per million tokens: far above
 * any model's, and low enough that the turn of the most tokens costs about
 * 4.3 billion at most, a number every client reads exactly to the cent.
 */
export const PRICE_MAX = 1_000_000;

/**
 * Null, or why a turn's cost under this price could not be represented: the
 * largest turn a model can be recorded for, all of its input at the dearest
 * input rate, must cost a finite amount a client reads to the cent. Rates
 * within PRICE_MAX always pass; the check holds the bound to its purpose.
 */
export function unrepresentableCost(price: PriceRates): string | null {
  const most = TURN_TOKENS_MAX;
  const largest = [usageOf(most, 0, 0, 0), usageOf(most, most, 0, 0), usageOf(most, 0, most, 0), usageOf(most, 0, most, most)].map(
    (usage) => turnCost(usage, price, { includedCredits: true, snapshotSchemaTokens: 0 }),
  );
  const representable = (n: number | null) => n === null || (Number.isFinite(n) && n <= Number.MAX_SAFE_INTEGER / 100);
  if (largest.every((c) => representable(c.amountUsd) && representable(c.credits))) return null;
  return `the cost of a turn of ${most} input and output tokens could not be represented`;
}

/** `most` input tokens of one kind (the rest uncached) and `most` output tokens. */
const usageOf = (inputTokens: number, cachedInputTokens: number, cacheWriteTokens: number, cacheWrite1hTokens: number): UsageRecord => ({
  inputTokens,
  cachedInputTokens,
  cacheWriteTokens,
  cacheWrite1hTokens,
  outputTokens: inputTokens,
});

/**
 * docs/semantics.md §4.3. `inputTokens` already includes cached and
 * cache-written tokens, so only the remainder pays the full input rate; no
 * discount is assumed beyond what the usage record shows. Credits apply only
 * to organisations funded by included credits.
 */
/**
 * An amount without the binary noise its sum of products picks up
 * (0.008700000000000001): rounded to a ten-billionth, far below any price's
 * precision (docs/usage-and-pricing.md, "A turn's cost").
 */
export const roundAmount = (amount: number): number => Math.round(amount * 1e10) / 1e10;

export function turnCost(
  usage: UsageRecord,
  price: PriceRates | null,
  options: { includedCredits: boolean; snapshotSchemaTokens: number },
): TurnCost {
  const { inputTokens, cachedInputTokens, cacheWriteTokens, cacheWrite1hTokens, outputTokens } = usage;
  const toolDefinitionShare = inputTokens === 0 ? 0 : Math.min(1, options.snapshotSchemaTokens / inputTokens);
  if (!price) return { amountUsd: null, credits: null, toolDefinitionShare };
  const uncached = inputTokens - cachedInputTokens - cacheWriteTokens;
  const amountUsd =
    (uncached * price.inputUsdPerMTok +
      cachedInputTokens * price.cachedInputUsdPerMTok +
      (cacheWriteTokens - cacheWrite1hTokens) * price.cacheWriteUsdPerMTok +
      cacheWrite1hTokens * price.cacheWrite1hUsdPerMTok +
      outputTokens * price.outputUsdPerMTok) /
    PER_MILLION;
  const credits =
    options.includedCredits && price.creditsPerMTok !== null ? (price.creditsPerMTok * (inputTokens + outputTokens)) / PER_MILLION : null;
  return { amountUsd: roundAmount(amountUsd), credits: credits === null ? null : roundAmount(credits), toolDefinitionShare };
}

/** The usage problem to report, naming the field, or null when the record is acceptable. */
export function usageProblem(usage: UsageRecord): { field: string; message: string } | null {
  for (const field of ['inputTokens', 'cachedInputTokens', 'cacheWriteTokens', 'cacheWrite1hTokens', 'outputTokens'] as const) {
    const value = usage[field];
    if (!Number.isInteger(value) || value < 0) return { field, message: 'must be a whole number, 0 or more' };
  }
  if (usage.cachedInputTokens + usage.cacheWriteTokens > usage.inputTokens) {
    const field = usage.cachedInputTokens > usage.inputTokens || usage.cacheWriteTokens === 0 ? 'cachedInputTokens' : 'cacheWriteTokens';
    return { field, message: 'cached and cache-write tokens are part of inputTokens and cannot exceed it' };
  }
  if (usage.cacheWrite1hTokens > usage.cacheWriteTokens) {
    return { field: 'cacheWrite1hTokens', message: '1-hour cache writes are part of cacheWriteTokens and cannot exceed it' };
  }
  return null;
}
