import { Length, registerDecorator } from 'class-validator';
import { applyDecorators } from '../common/apply-decorators';
import { TOOL_NAME_MAX } from '../common/validation';
import { hintTarget } from '../loadout/rules';
import { RULE_HINT_NOT, RULE_HINT_PREFIX, RULE_TOOL_PREFIX, TOOL_HINTS } from '../loadout/vocabulary';

const HINT_LIST = TOOL_HINTS.join(', ');

/** What is wrong with a rule's toolName beyond its length, or null. */
export function ruleTargetProblem(toolName: string): string | null {
  if (toolName.startsWith(RULE_HINT_PREFIX)) {
    return hintTarget(toolName.slice(RULE_HINT_PREFIX.length)) !== null
      ? null
      : `${RULE_HINT_PREFIX} must name one of ${HINT_LIST}, alone or after ${RULE_HINT_NOT}`;
  }
  if (toolName === RULE_TOOL_PREFIX) return `${RULE_TOOL_PREFIX} must name a tool`;
  return null;
}

/**
 * A permission rule's toolName: a tool's name, bare or as `tool:<name>`, of
 * 1 to TOOL_NAME_MAX characters, or `hint:<annotation>` or
 * `hint:!<annotation>` naming one of TOOL_HINTS.
 */
export const IsRuleTarget = (): PropertyDecorator =>
  applyDecorators(Length(1, TOOL_NAME_MAX, { message: `$property must be 1 to ${TOOL_NAME_MAX} characters` }), (target, propertyName) =>
    registerDecorator({
      name: 'isRuleTarget',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || ruleTargetProblem(value) === null,
        defaultMessage: (args) =>
          `${args?.property} ${ruleTargetProblem(String(args?.value))} (a rule names a tool, bare or as ${RULE_TOOL_PREFIX}<name>, or ${RULE_HINT_PREFIX}<annotation>, ${RULE_HINT_PREFIX}${RULE_HINT_NOT}<annotation>)`,
      },
    }),
  );
