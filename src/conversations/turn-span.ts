import { SpanKind, SpanStatusCode, trace, type Attributes, type Context } from '@opentelemetry/api';
import { PROVIDERS, type Provider } from '../loadout/vocabulary';
import type { SnapshotService } from './snapshot.service';
import { frozenRates, turnCost } from './turn-cost';
import type { TurnEntity } from './turn.entity';

/**
 * A turn completed by a request as a span of OpenTelemetry's GenAI
 * conventions (docs/operations.md, "Tracing"), under `parent` (the request's
 * GraphQL operation), so an LLM-observability backend shows Loadout's record
 * of the model request beside the runtime's own spans. Nothing at all for a
 * request that is not traced or not sampled: the snapshot is read only for a
 * span that records.
 */
const tracer = trace.getTracer('loadout');

/** gen_ai.provider.name's values for the providers a Loadout model id names. */
const PROVIDER_NAMES: Record<Provider, string> = { openai: 'openai', anthropic: 'anthropic', google: 'gcp.gen_ai' };

export async function exportTurnSpan(turn: TurnEntity, snapshots: SnapshotService, parent: Context | undefined): Promise<void> {
  if (!parent || !trace.getSpan(parent)?.isRecording()) return;
  if (!turn.completedAt || turn.inputTokens === null || turn.outputTokens === null) return;
  const requested = splitModel(turn.model);
  const span = tracer.startSpan(`chat ${requested.name}`, { kind: SpanKind.INTERNAL, startTime: turn.startedAt }, parent);
  try {
    const [snapshot] = await snapshots.load([turn.snapshotId]);
    const usage = {
      inputTokens: turn.inputTokens,
      cachedInputTokens: turn.cachedInputTokens ?? 0,
      cacheWriteTokens: turn.cacheWriteTokens ?? 0,
      cacheWrite1hTokens: turn.cacheWrite1hTokens,
      outputTokens: turn.outputTokens,
    };
    const schemaTokens = turn.schemaTokensCalled ?? snapshot.schemaTokens;
    const cost = turnCost(usage, frozenRates(turn), {
      includedCredits: turn.fundingModel === 'INCLUDED_CREDITS',
      snapshotSchemaTokens: schemaTokens,
    });
    const attributes: Attributes = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': requested.provider,
      'gen_ai.request.model': requested.name,
      'gen_ai.conversation.id': turn.conversationId,
      'gen_ai.usage.input_tokens': usage.inputTokens,
      'gen_ai.usage.output_tokens': usage.outputTokens,
      'gen_ai.usage.cache_read.input_tokens': usage.cachedInputTokens,
      'gen_ai.usage.cache_creation.input_tokens': usage.cacheWriteTokens,
      'loadout.organization.id': turn.organizationId,
      'loadout.agent.id': turn.agentId,
      'loadout.turn.id': turn.id,
      'loadout.turn.index': turn.index,
      'loadout.toolbox.tool_count': snapshot.toolCount,
      'loadout.toolbox.schema_tokens': schemaTokens,
      'loadout.toolbox.fingerprint': snapshot.fingerprint,
      'loadout.toolbox.changed': turn.toolboxChanged,
      'loadout.turn.tool_definition_share': cost.toolDefinitionShare,
    };
    if (turn.modelCalled) attributes['gen_ai.response.model'] = splitModel(turn.modelCalled).name;
    // Left out while the model has no price: an absent cost is not a free turn.
    if (cost.amountUsd !== null) attributes['loadout.turn.cost_usd'] = cost.amountUsd;
    if (cost.credits !== null) attributes['loadout.turn.credits'] = cost.credits;
    span.setAttributes(attributes);
  } catch (error) {
    // The turn is committed whatever its span says: a snapshot that could not be read marks the span, not the request.
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  } finally {
    span.end(turn.completedAt);
  }
}

/** A Loadout model id (`openai/gpt-4o`) as the provider and the model name that provider knows. */
export function splitModel(model: string): { provider: string; name: string } {
  const slash = model.indexOf('/');
  const prefix = slash < 0 ? '' : model.slice(0, slash).toLowerCase();
  const known = (PROVIDERS as readonly string[]).includes(prefix) ? PROVIDER_NAMES[prefix as Provider] : null;
  if (known) return { provider: known, name: model.slice(slash + 1) };
  // Another vendor's prefix names its provider as the model id spells it; no prefix names none Loadout knows.
  return { provider: prefix || '_OTHER', name: slash < 0 ? model : model.slice(slash + 1) };
}
