import Ajv from 'ajv';
import { registerDecorator, type ValidationOptions } from 'class-validator';
import { canonicalJson } from '../common/canonical-json';

export const INPUT_SCHEMA_MAX_BYTES = 64 * 1024;

// Meta-schema validation only: unknown keywords and formats are legal JSON Schema.
const ajv = new Ajv({ strict: false, validateSchema: true, validateFormats: false });

/**
 * Why `value` is not an acceptable tool input schema, or null when it is.
 * Reached only through an argument's validation, which has bounded the
 * input's nesting first (validateArgs): the checks below recurse.
 */
export function jsonSchemaProblem(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'must be a JSON object';
  if (Buffer.byteLength(canonicalJson(value), 'utf8') > INPUT_SCHEMA_MAX_BYTES) return 'must be at most 64 KiB';
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

/** A JSON object that is a valid JSON Schema, at most 64 KiB. */
export function IsJsonSchema(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isJsonSchema',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => value === undefined || value === null || jsonSchemaProblem(value) === null,
        defaultMessage: (args) => `${args?.property} ${jsonSchemaProblem(args?.value)}`,
      },
    });
}
