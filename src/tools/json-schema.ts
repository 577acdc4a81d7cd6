import Ajv from 'ajv';
import { registerDecorator, type ValidationOptions } from 'class-validator';
import { describeRefusal, firstBreak, jsonTextBytes, SCHEMA_MAX_BYTES } from '../loadout/tokens';

// Meta-schema validation only: unknown keywords and formats are legal JSON Schema.
const ajv = new Ajv({ strict: false, validateSchema: true, validateFormats: false });

/**
 * Why `value` is not an acceptable tool input schema of at most `maxBytes`
 * as JSON text, or null when it is. Reached only once the input's nesting
 * is bounded (validateArgs, or an MCP entry's own check): the checks below
 * recurse.
 */
export function jsonSchemaProblem(value: unknown, maxBytes = SCHEMA_MAX_BYTES): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'must be a JSON object';
  if (jsonTextBytes(value, maxBytes) > maxBytes) return `must be at most ${maxBytes / 1024} KiB`;
  // Providers take a tool's arguments as one object: Anthropic and OpenAI refuse any other top-level type.
  if ((value as Record<string, unknown>).type !== 'object')
    return 'must be a JSON Schema of an object ("type": "object"), as providers require';
  const withoutDialect = { ...(value as Record<string, unknown>) };
  // Tools from MCP servers name draft-07 or 2020-12; the meta-schema check is the same for what tools use.
  delete withoutDialect.$schema;
  try {
    if (!ajv.validateSchema(withoutDialect)) return `is not a valid JSON Schema (${ajv.errorsText(ajv.errors, { dataVar: 'schema' })})`;
  } catch (error) {
    return `is not a valid JSON Schema (${(error as Error).message})`;
  }
  return null;
}

/**
 * Why a custom or built-in tool's schema is refused: a storage problem, or
 * the first provider schema rule it breaks (the platform can fix its own
 * tools; an MCP tool that breaks one is stored and left out per provider).
 */
export function definitionSchemaProblem(value: unknown): string | null {
  const problem = jsonSchemaProblem(value);
  if (problem) return problem;
  const broken = firstBreak(value);
  return broken && `breaks ${describeRefusal(broken)}`;
}

/** A JSON object that is a valid JSON Schema, at most 64 KiB, that every provider accepts. */
export function IsJsonSchema(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isJsonSchema',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => value === undefined || value === null || definitionSchemaProblem(value) === null,
        defaultMessage: (args) => `${args?.property} ${definitionSchemaProblem(args?.value)}`,
      },
    });
}
