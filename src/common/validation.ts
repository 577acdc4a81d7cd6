import { Matches, MaxLength, MinLength, registerDecorator, type ValidationOptions } from 'class-validator';
import { applyDecorators } from './apply-decorators';
import { jsonSchemaProblem } from '../tools/json-schema';

/** SEMANTICS section 8, in one place. */
export const NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const TOOL_NAME_MAX = 128;
export const KEY_MAX = 64;
export const DESCRIPTION_MAX = 10_000;

const nameRule = (max: number, options?: ValidationOptions): PropertyDecorator =>
  applyDecorators(
    MinLength(1, options),
    MaxLength(max, options),
    Matches(NAME_PATTERN, { ...options, message: '$property may use only letters, digits, _, - and .' }),
  );

export const IsToolName = (options?: ValidationOptions): PropertyDecorator => nameRule(TOOL_NAME_MAX, options);
export const IsCatalogueKey = (options?: ValidationOptions): PropertyDecorator => nameRule(KEY_MAX, options);

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
