import { Max, Min } from 'class-validator';
import { Field, Float, InputType, ObjectType } from 'type-graphql';
import { CACHE_WRITE_1H_INPUT_MULTIPLE, PRICE_MAX } from './turn-cost';

/** What each rate applies to (docs/usage-and-pricing.md), said once for the price and its input. */
const RATE_TEXT = {
  model: "The model priced, as provider/model: what prices the turns that ran on it (the agent's model when the turn began).",
  input: 'USD per million plain input tokens: inputTokens less cachedInputTokens and cacheWriteTokens.',
  cachedInput: 'USD per million input tokens read from the prompt cache (TurnUsage.cachedInputTokens).',
  cacheWrite: "USD per million tokens written to the prompt cache other than 1-hour writes (Anthropic's 5-minute writes, OpenAI's writes).",
  cacheWrite1h: "USD per million tokens written to Anthropic's 1-hour prompt cache (TurnUsage.cacheWrite1hTokens).",
  output: 'USD per million output tokens (TurnUsage.outputTokens).',
  credits:
    'Credits per million input and output tokens (inputTokens + outputTokens), charged only to organisations funded by INCLUDED_CREDITS.',
};

@ObjectType('ModelPrice', {
  description:
    "A model's price in the organisation: rates per million tokens; docs/usage-and-pricing.md says which tokens each applies to.",
})
export class ModelPriceType {
  @Field({ description: RATE_TEXT.model }) model: string;
  @Field(() => Float, { description: RATE_TEXT.input }) inputUsdPerMTok: number;
  @Field(() => Float, { description: RATE_TEXT.cachedInput }) cachedInputUsdPerMTok: number;
  @Field(() => Float, { description: RATE_TEXT.cacheWrite }) cacheWriteUsdPerMTok: number;
  @Field(() => Float, { description: RATE_TEXT.cacheWrite1h }) cacheWrite1hUsdPerMTok: number;
  @Field(() => Float, { description: RATE_TEXT.output }) outputUsdPerMTok: number;
  @Field(() => Float, { nullable: true, description: `${RATE_TEXT.credits} Null: no credits.` }) creditsPerMTok: number | null;
}

@InputType('ModelPriceInput', { description: `Rates per million tokens, in USD or credits, each from 0 to ${PRICE_MAX}.` })
export class ModelPriceInput {
  @Field({ description: RATE_TEXT.model }) model: string;
  @Field(() => Float, { description: RATE_TEXT.input }) @Min(0) @Max(PRICE_MAX) inputUsdPerMTok: number;
  @Field(() => Float, { description: RATE_TEXT.cachedInput }) @Min(0) @Max(PRICE_MAX) cachedInputUsdPerMTok: number;
  @Field(() => Float, { nullable: true, description: `${RATE_TEXT.cacheWrite} Default: inputUsdPerMTok.` })
  @Min(0)
  @Max(PRICE_MAX)
  cacheWriteUsdPerMTok?: number;
  @Field(() => Float, {
    nullable: true,
    description: `${RATE_TEXT.cacheWrite1h} Default: ${CACHE_WRITE_1H_INPUT_MULTIPLE} x inputUsdPerMTok.`,
  })
  @Min(0)
  @Max(PRICE_MAX)
  cacheWrite1hUsdPerMTok?: number;
  @Field(() => Float, { description: RATE_TEXT.output }) @Min(0) @Max(PRICE_MAX) outputUsdPerMTok: number;
  @Field(() => Float, { nullable: true, description: `${RATE_TEXT.credits} Absent: no credits.` })
  @Min(0)
  @Max(PRICE_MAX)
  creditsPerMTok?: number;
}
