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

/** A provider's usage object as `completeTurnWithProviderUsage` takes it: its JSON, whatever class the SDK built it with. */
export function providerUsage(format: ProviderUsageFormat, usage: object | null | undefined): ProviderUsageInput | undefined {
  return usage ? { format, usage: JSON.parse(JSON.stringify(usage)) as JsonValue } : undefined;
}
