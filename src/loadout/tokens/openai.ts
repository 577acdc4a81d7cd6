import type { ModelVisibleContent } from '../../common/content-hash';
import { tokenCounter, type Encoding, type TokenCounter } from './tokenizers';

/*
 * OpenAI renders tools into a hidden TypeScript-like prompt whose exact form is
 * unpublished. This follows the method of the OpenAI cookbook notebook
 * "How to count tokens with tiktoken" (num_tokens_for_tools): fixed overheads
 * plus the tokens of "name:description" per function and "key:type:description"
 * per top-level property. The cookbook stops at top-level properties; nested
 * objects, array items and anyOf/oneOf/allOf members are counted here in the
 * same style, and so are referenced schemas (`$defs`), once each, a `$ref`
 * reading as the name it points at: MCP schemas nest a lot, and on the
 * reference corpus the cookbook alone puts nested tools much further below
 * their JSON than flat ones (ACCURACY.md).
 */

const PROP_INIT = 3;
const PROP_KEY = 3;
const ENUM_INIT = -3;
const ENUM_ITEM = 3;

/** Once per request that carries at least one tool (the cookbook's func_end). */
export const OPENAI_FUNC_END = 12;

interface OpenAiProfile {
  encoding: Encoding;
  funcInit: number;
}

// The cookbook's gpt-3.5-turbo / gpt-4 constants (cl100k_base, func_init 10)
// versus gpt-4o's (o200k_base, func_init 7), which later models share.
const CL100K_PROFILE: OpenAiProfile = { encoding: 'cl100k_base', funcInit: 10 };
const O200K_PROFILE: OpenAiProfile = { encoding: 'o200k_base', funcInit: 7 };

/** gpt-4, gpt-4-turbo and gpt-3.5 use cl100k_base; gpt-4o, gpt-4.1, gpt-4.5, gpt-5, o-series and unknown models o200k_base. */
function openAiProfile(modelName: string): OpenAiProfile {
  return /^gpt-(3\.5|4)(-|$)/.test(modelName) ? CL100K_PROFILE : O200K_PROFILE;
}

type Schema = Record<string, unknown>;

function asSchema(value: unknown): Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : {};
}

/** The cookbook drops one trailing full stop from every description. */
function withoutFinalDot(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

function descriptionOf(schema: Schema): string {
  return typeof schema.description === 'string' ? withoutFinalDot(schema.description) : '';
}

/**
 * The cookbook interpolates `type` with Python's str(): a type list prints as
 * "['boolean', 'string']". Reproduced so flat schemas match its figure exactly.
 */
function typeLabel(schema: Schema): string {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return `[${type.map((t) => `'${String(t)}'`).join(', ')}]`;
  // A reference reads as the name of what it points at, counted once where it is defined.
  if (typeof schema.$ref === 'string') return schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
  return '';
}

function enumTokens(schema: Schema, count: TokenCounter): number {
  if (!Array.isArray(schema.enum)) return 0;
  let tokens = ENUM_INIT;
  for (const item of schema.enum) tokens += ENUM_ITEM + count(typeof item === 'string' ? item : JSON.stringify(item));
  return tokens;
}

function propertiesTokens(properties: unknown, count: TokenCounter): number {
  const entries = Object.entries(asSchema(properties));
  if (entries.length === 0) return 0;
  let tokens = PROP_INIT;
  for (const [key, value] of entries) {
    const schema = asSchema(value);
    tokens += PROP_KEY + count(`${key}:${typeLabel(schema)}:${descriptionOf(schema)}`);
    tokens += enumTokens(schema, count) + nestedTokens(schema, count);
  }
  return tokens;
}

/** An unnamed schema (array item, union member): "type:description" without a key. */
function memberTokens(schema: Schema, count: TokenCounter): number {
  return count(`${typeLabel(schema)}:${descriptionOf(schema)}`) + enumTokens(schema, count) + nestedTokens(schema, count);
}

/** Referenced schemas (`$defs`, draft-07's `definitions`), each counted once as a named one, as a property is. */
function definitionsTokens(schema: Schema, count: TokenCounter): number {
  return propertiesTokens(schema.$defs, count) + propertiesTokens(schema.definitions, count);
}

/** What the cookbook leaves out: the structure below a property. */
function nestedTokens(schema: Schema, count: TokenCounter): number {
  let tokens = propertiesTokens(schema.properties, count) + definitionsTokens(schema, count);
  if (schema.items !== null && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    tokens += memberTokens(schema.items as Schema, count);
  }
  for (const combinator of ['anyOf', 'oneOf', 'allOf']) {
    const members = schema[combinator];
    if (Array.isArray(members)) for (const member of members) tokens += memberTokens(asSchema(member), count);
  }
  return tokens;
}

/** Tokens one tool adds to an OpenAI request, excluding the per-request OPENAI_FUNC_END. */
export function openAiToolTokens(tool: ModelVisibleContent, modelName: string): number {
  const { encoding, funcInit } = openAiProfile(modelName);
  const count = tokenCounter(encoding);
  const schema = asSchema(tool.inputSchema);
  return (
    funcInit +
    count(`${tool.name}:${withoutFinalDot(tool.description)}`) +
    propertiesTokens(schema.properties, count) +
    definitionsTokens(schema, count)
  );
}
