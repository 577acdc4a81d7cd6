import {
  PRICE_MAX,
  TURN_TOKENS_MAX,
  freezePrice,
  frozenRates,
  priceRates,
  turnCost,
  unrepresentableCost,
  usageProblem,
  type PriceRates,
} from './turn-cost';

const price: PriceRates = {
  inputUsdPerMTok: 3,
  cachedInputUsdPerMTok: 0.3,
  cacheWriteUsdPerMTok: 3.75,
  cacheWrite1hUsdPerMTok: 6,
  outputUsdPerMTok: 15,
  creditsPerMTok: 10,
};
const usage = (inputTokens: number, cachedInputTokens = 0, cacheWriteTokens = 0, outputTokens = 0, cacheWrite1hTokens = 0) => ({
  inputTokens,
  cachedInputTokens,
  cacheWriteTokens,
  cacheWrite1hTokens,
  outputTokens,
});
const MILLION = 1_000_000;

describe('turnCost', () => {
  it('answers amounts without binary noise: 1 input token and 17 cached at 1.1 and 0.1 are 0.0000028, not 0.0000028000000000000003', () => {
    const rates = { ...price, inputUsdPerMTok: 1.1, cachedInputUsdPerMTok: 0.1, creditsPerMTok: 1.1 };
    const cost = turnCost(usage(18, 17), rates, { includedCredits: true, snapshotSchemaTokens: 0 });
    expect(cost.amountUsd).toBe(0.0000028);
    expect(String(cost.amountUsd)).toBe('0.0000028');
    expect(cost.credits).toBe(0.0000198);
  });

  it('charges only the uncached remainder at the input rate', () => {
    // (1000 - 600 - 200) x 3 + 600 x 0.3 + 200 x 3.75 + 500 x 15 = 600 + 180 + 750 + 7500
    const cost = turnCost(usage(1000, 600, 200, 500), price, { includedCredits: false, snapshotSchemaTokens: 250 });
    expect(cost.amountUsd).toBeCloseTo(9030 / 1e6, 12);
    expect(cost.credits).toBeNull();
    expect(cost.toolDefinitionShare).toBeCloseTo(0.25, 12);
  });

  it('charges 1-hour cache writes at their own rate and the other writes at the cache-write rate', () => {
    const options = { includedCredits: false, snapshotSchemaTokens: 0 };
    expect(turnCost(usage(MILLION, 0, MILLION, 0, MILLION), price, options).amountUsd).toBeCloseTo(6, 12);
    expect(turnCost(usage(MILLION, 0, MILLION, 0, 0), price, options).amountUsd).toBeCloseTo(3.75, 12);
    // (1000 - 100 - 500) x 3 + 100 x 0.3 + (500 - 200) x 3.75 + 200 x 6 + 10 x 15 = 1200 + 30 + 1125 + 1200 + 150
    expect(turnCost(usage(1000, 100, 500, 10, 200), price, options).amountUsd).toBeCloseTo(3705 / 1e6, 12);
  });

  it('counts 1-hour cache writes once towards credits, as input', () => {
    const cost = turnCost(usage(1000, 0, 500, 10, 200), price, { includedCredits: true, snapshotSchemaTokens: 0 });
    expect(cost.credits).toBeCloseTo((10 * 1010) / 1e6, 12);
  });

  it('assumes no cache discount the record does not show', () => {
    expect(turnCost(usage(1_000_000), price, { includedCredits: false, snapshotSchemaTokens: 0 }).amountUsd).toBeCloseTo(3, 12);
  });

  it('counts credits over all tokens for included-credit organisations', () => {
    const cost = turnCost(usage(1000, 600, 200, 500), price, { includedCredits: true, snapshotSchemaTokens: 0 });
    expect(cost.credits).toBeCloseTo((10 * 1500) / 1e6, 12);
  });

  it('has no credits without a credit rate', () => {
    const cost = turnCost(usage(1000), { ...price, creditsPerMTok: null }, { includedCredits: true, snapshotSchemaTokens: 0 });
    expect(cost.credits).toBeNull();
  });

  it('has neither amount nor credits without a price, but still a share', () => {
    expect(turnCost(usage(100), null, { includedCredits: true, snapshotSchemaTokens: 50 })).toEqual({
      amountUsd: null,
      credits: null,
      toolDefinitionShare: 0.5,
    });
  });

  it.each([
    [0, 10, 0],
    [100, 300, 1],
    [400, 100, 0.25],
  ])('share of %i input tokens with %i schema tokens is %d', (input, schema, share) => {
    expect(turnCost(usage(input), price, { includedCredits: false, snapshotSchemaTokens: schema }).toolDefinitionShare).toBe(share);
  });
});

describe('usageProblem', () => {
  it.each([
    [usage(-1), 'inputTokens'],
    [usage(10, -1), 'cachedInputTokens'],
    [usage(10, 0, -1), 'cacheWriteTokens'],
    [usage(10, 0, 0, -1), 'outputTokens'],
    [usage(10, 0, 5, 0, -1), 'cacheWrite1hTokens'],
    [usage(10, 0, 5, 0, 1.5), 'cacheWrite1hTokens'],
    [usage(10, 0, 5, 0, 6), 'cacheWrite1hTokens'],
    [usage(10, 0, 0, 0, 1), 'cacheWrite1hTokens'],
    [usage(10, 11), 'cachedInputTokens'],
    [usage(10, 0, 11), 'cacheWriteTokens'],
    [usage(10, 6, 5), 'cacheWriteTokens'],
  ])('refuses %j naming %s', (record, field) => {
    expect(usageProblem(record)?.field).toBe(field);
  });

  it('accepts cached plus cache-write equal to input, and every cache write a 1-hour one', () => {
    expect(usageProblem(usage(10, 6, 4, 3))).toBeNull();
    expect(usageProblem(usage(10, 6, 4, 3, 4))).toBeNull();
  });
});

describe('a price frozen on a turn', () => {
  it('reads back as the rates it was frozen from, credits null or not', () => {
    expect(frozenRates(freezePrice(price))).toEqual(price);
    expect(frozenRates(freezePrice({ ...price, creditsPerMTok: null }))).toEqual({ ...price, creditsPerMTok: null });
  });

  it('is no price where the model had none', () => {
    expect(frozenRates(freezePrice(null))).toBeNull();
  });
});

describe('a price set with rates left out', () => {
  const set = { inputUsdPerMTok: 3, cachedInputUsdPerMTok: 0.3, outputUsdPerMTok: 15 };

  it('writes to the 5-minute cache at the input rate and to the 1-hour cache at twice it, with no credits', () => {
    expect(priceRates(set)).toEqual({ ...set, cacheWriteUsdPerMTok: 3, cacheWrite1hUsdPerMTok: 6, creditsPerMTok: null });
  });

  it('keeps every rate given, zero included', () => {
    const given = { ...set, cacheWriteUsdPerMTok: 3.75, cacheWrite1hUsdPerMTok: 0, creditsPerMTok: 10 };
    expect(priceRates(given)).toEqual(given);
  });
});

describe('the cost of the largest turn', () => {
  const at = (rate: number, creditsPerMTok: number | null = rate): PriceRates => ({
    inputUsdPerMTok: rate,
    cachedInputUsdPerMTok: rate,
    cacheWriteUsdPerMTok: rate,
    cacheWrite1hUsdPerMTok: rate,
    outputUsdPerMTok: rate,
    creditsPerMTok,
  });

  it('is representable at every rate up to the bound', () => {
    expect(unrepresentableCost(at(PRICE_MAX))).toBeNull();
    const most = TURN_TOKENS_MAX;
    const cost = turnCost(usage(most, 0, 0, most), at(PRICE_MAX), { includedCredits: true, snapshotSchemaTokens: 0 });
    expect(cost).toMatchObject({ amountUsd: 2 * most, credits: 2 * most });
  });

  it.each([
    ['a USD rate', at(1e308, null)],
    ['a credit rate', { ...at(1), creditsPerMTok: 1e308 }],
    ['one rate of the input alone', { ...at(1), cacheWriteUsdPerMTok: 1e300 }],
    ['the 1-hour cache-write rate alone', { ...at(1), cacheWrite1hUsdPerMTok: 1e300 }],
  ])('is not, with %s far past the bound', (_label, price) => {
    expect(unrepresentableCost(price)).toMatch(/could not be represented/);
  });
});
