import type { ProviderUsageFormat, ProviderUsageInput } from '../../../generated/graphql';
import type { JsonValue } from '../../json';

/** A JSON object, as a schema or a usage object is. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * A rendering typed as the shape its `provider` names. The server renders
 * it (docs/renderings.md), so the shape is its contract; the adapters' types
 * are written to be what each SDK's `tools` parameter takes.
 */
export const asRendering = <T>(rendered: JsonValue): T => rendered as unknown as T;

/**
 * A provider's usage object as `completeTurnWithProviderUsage` takes it: its
 * JSON, whatever class the SDK built it with, and the model the provider
 * answered with, which the turn is priced at.
 */
export function providerUsage(
  format: ProviderUsageFormat,
  usage: object | null | undefined,
  model: unknown,
): ProviderUsageInput | undefined {
  if (!usage) return undefined;
  const sent: ProviderUsageInput = { format, usage: JSON.parse(JSON.stringify(usage)) as JsonValue };
  return typeof model === 'string' && model.trim() ? { ...sent, model } : sent;
}
