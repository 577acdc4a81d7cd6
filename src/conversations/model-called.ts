import { PROVIDERS, type Provider } from '../loadout/vocabulary';
import type { ProviderUsageFormat, UsageProblem } from './provider-usage';

/** The provider family each usage format comes from (docs/usage-and-pricing.md, "The model called"). */
export const FORMAT_PROVIDER: Record<ProviderUsageFormat, Provider> = {
  OPENAI_CHAT: 'openai',
  OPENAI_RESPONSES: 'openai',
  ANTHROPIC: 'anthropic',
  GEMINI: 'google',
};

export const MODEL_CALLED_MAX = 200;

/** A snapshot's date or version the providers append to a model's name: `-20250929`, `-2024-08-06`, `-001`. */
const DATED_SUFFIX = String.raw`-(?:\d{8}|\d{4}-\d{2}-\d{2}|\d{3})`;
const DATED = new RegExp(`${DATED_SUFFIX}$`);

const knownPrefix = (model: string): Provider | null => {
  const slash = model.indexOf('/');
  const prefix = slash < 0 ? '' : model.slice(0, slash).toLowerCase();
  return (PROVIDERS as readonly string[]).includes(prefix) ? (prefix as Provider) : null;
};

/**
 * The model a provider answered with, as a Loadout model id: its family's
 * prefix added where the answer names none (`claude-sonnet-4-5-20250929`
 * from an ANTHROPIC usage object is `anthropic/claude-sonnet-4-5-20250929`),
 * Gemini's `models/` dropped. A model whose prefix names another family
 * than the usage object's is a problem at `field`.
 */
export function modelCalledId(format: ProviderUsageFormat, model: string, field: string): { id: string } | { problem: UsageProblem } {
  const family = FORMAT_PROVIDER[format];
  let given = model.trim();
  if (format === 'GEMINI' && given.startsWith('models/')) given = given.slice('models/'.length);
  if (given.length < 1 || given.length > MODEL_CALLED_MAX)
    return { problem: { field, message: `must be 1 to ${MODEL_CALLED_MAX} characters` } };
  const named = knownPrefix(given);
  if (named && named !== family)
    return { problem: { field, message: `names a model of ${named}, but ${format} usage objects come from ${family}` } };
  return { id: named ? given : `${family}/${given}` };
}

/**
 * A usage object from another family than the turn's model, where the
 * completion names no model called: a problem at `field`. A model whose
 * prefix names no family Loadout knows (another vendor, or none) goes with
 * any format.
 */
export function formatProblem(format: ProviderUsageFormat, turnModel: string, field: string): UsageProblem | null {
  const family = FORMAT_PROVIDER[format];
  const named = knownPrefix(turnModel);
  if (!named || named === family) return null;
  return {
    field,
    message: `${format} usage objects come from ${family}, but the turn's model is ${turnModel}: name the model called (providerUsage.model)`,
  };
}

/**
 * The model names whose price prices a turn of `model`, best first: the
 * model itself, then the model its dated snapshot belongs to
 * (`anthropic/claude-sonnet-4-5-20250929` is priced as
 * `anthropic/claude-sonnet-4-5` unless it has a price of its own), each
 * also without its family prefix, as prices may be set.
 */
export function priceCandidates(model: string): string[] {
  const base = model.replace(DATED, '');
  const names = base === model ? [model] : [model, base];
  const bare = (name: string) => (knownPrefix(name) ? name.slice(name.indexOf('/') + 1) : name);
  return [...new Set([...names, ...names.map(bare)])];
}

/**
 * A POSIX regular expression matching every turn model a price set for
 * `priced` applies to by priceCandidates: `priced` itself, with or without
 * a family prefix where it has none, and its dated snapshots.
 */
export function pricedModelPattern(priced: string): string {
  const escaped = priced.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const prefix = knownPrefix(priced) ? '' : `(?:(?:${PROVIDERS.join('|')})/)?`;
  return `^${prefix}${escaped}(?:${DATED_SUFFIX})?$`;
}
