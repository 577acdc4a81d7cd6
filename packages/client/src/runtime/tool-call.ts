import type { ToolCallInput } from '../../generated/graphql';
import type { CarriedTool, CarriedTools } from './toolbox';

/** A tool call as a model's response names it; `id` is the provider's call id where it gives one. */
export interface ModelToolCall {
  name: string;
  id?: string | null;
  /** Whether running the tool failed; false where the runtime has not run it yet. */
  isError?: boolean;
  /** How long running the tool took, in milliseconds, where the runtime timed it; kept with the call on its turn. */
  durationMs?: number;
}

/** A call matched to the tool it stands for. */
export interface RoutedCall {
  call: ModelToolCall;
  tool: CarriedTool;
  /** 0-based place of the call among the response's calls. */
  position: number;
}

export interface RoutedCalls {
  calls: RoutedCall[];
  /** Calls naming no tool the turn sent: not recorded, for the runtime to answer as an error. */
  unknown: ModelToolCall[];
}

/** The longest idempotency key, tool name and call duration (a day) the server takes. */
const KEY_MAX = 256;
const TOOL_NAME_MAX = 256;
const DURATION_MAX_MS = 86_400_000;

/** A call's duration as the server takes it (whole milliseconds, at most a day); none for one that is not a duration. */
function durationOf(call: ModelToolCall): { durationMs?: number } {
  const ms = Math.round(call.durationMs ?? Number.NaN);
  return Number.isFinite(ms) && ms >= 0 ? { durationMs: Math.min(ms, DURATION_MAX_MS) } : {};
}

export function routeCalls(tools: CarriedTools, calls: readonly ModelToolCall[]): RoutedCalls {
  const routed: RoutedCall[] = [];
  const unknown: ModelToolCall[] = [];
  calls.forEach((call, position) => {
    const tool = tools.find(call.name);
    if (tool) routed.push({ call, tool, position });
    else unknown.push(call);
  });
  return { calls: routed, unknown };
}

/**
 * The `recordToolCalls` input of a turn's calls: each counted for its
 * stored tool, and a call naming no tool the turn carried under the name
 * called (the server counts it as invented; a name longer than the server
 * takes is cut, an empty one left out). The key is the turn and the
 * provider's call id (the call's place in the response where there is
 * none), so sending the same calls again counts none of them twice. Each
 * names its turn, which lists it (the debugger's calls of a turn).
 */
export function toolCallInputs(
  turnId: string,
  conversationId: string,
  tools: CarriedTools,
  calls: readonly ModelToolCall[],
): ToolCallInput[] {
  return calls.flatMap((call, position) => {
    const toolName = tools.find(call.name)?.toolName ?? call.name.slice(0, TOOL_NAME_MAX);
    if (!toolName) return [];
    const keyed = `${turnId}:${call.id ?? `#${position}`}`;
    return [
      {
        conversationId,
        turnId,
        toolName,
        isError: call.isError ?? false,
        idempotencyKey: keyed.length <= KEY_MAX ? keyed : `${turnId}:#${position}`,
        ...durationOf(call),
      },
    ];
  });
}
