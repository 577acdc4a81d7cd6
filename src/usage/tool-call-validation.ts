import type { Problem } from '../common/validate-args';
import { TOOL_NAME_MAX } from '../common/validation';
import type { ToolCallInput } from './usage.types';

const TEXT_MAX = 256;
/** The longest call a record keeps a duration for: a day. */
const CALL_DURATION_MAX_MS = 86_400_000;

/**
 * ToolCallInput's rules, checked here rather than by class-validator, which
 * would make an object of each of a batch's up to a thousand calls; the
 * problems have the shape of its messages.
 * A tool name is any name a toolbox can carry (TOOL_NAME_MAX), short or full
 * form; NUL and lone surrogates are refused before, as in any input.
 */
export function toolCallProblems(calls: readonly ToolCallInput[], path: string): Problem[] {
  const problems: Problem[] = [];
  calls.forEach((call, i) => {
    const at = (field: string, message: string) => problems.push({ path: `${path}[${i}].${field}`, messages: [message] });
    if (call.userId !== undefined && call.userId !== null && (call.userId.length < 1 || call.userId.length > TEXT_MAX)) {
      at('userId', `must be 1 to ${TEXT_MAX} characters`);
    }
    if (call.toolName.length < 1 || call.toolName.length > TOOL_NAME_MAX) at('toolName', `must be 1 to ${TOOL_NAME_MAX} characters`);
    if (call.idempotencyKey && call.idempotencyKey.length > TEXT_MAX) at('idempotencyKey', `must be at most ${TEXT_MAX} characters`);
    if (call.durationMs !== undefined && call.durationMs !== null && (call.durationMs < 0 || call.durationMs > CALL_DURATION_MAX_MS)) {
      at('durationMs', `must be 0 to ${CALL_DURATION_MAX_MS} (a day)`);
    }
  });
  return problems;
}
