import { registerDecorator, type ValidationOptions } from 'class-validator';
import { fitsEveryProvider, TOOL_NAME_MAX } from '../loadout/tokens';

/**
 * A new tool name, or an MCP tool's reported name: one every provider
 * accepts (tokens/tool-names.ts). Names stored before the rule stay loadable
 * and are sent in their short form.
 */
export function IsProviderToolName(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isProviderToolName',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => value === undefined || value === null || (typeof value === 'string' && fitsEveryProvider(value)),
        defaultMessage: (args) =>
          `${args?.property} must be 1 to ${TOOL_NAME_MAX} letters, digits, _ or -, starting with a letter or _ (what OpenAI, Anthropic and Gemini all accept)`,
      },
    });
}
