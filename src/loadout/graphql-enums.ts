import { registerEnumType } from 'type-graphql';
import {
  BUDGET_LEVELS,
  DROP_REASONS,
  DROP_REASON_TEXT,
  EXECUTION_CONTEXTS,
  PAGE_TYPES,
  RULE_EFFECTS,
  RULE_LEVELS,
  TOOLS_MODES,
  TOOLS_MODE_TEXT,
  TOOL_SOURCES,
  VERDICTS,
} from './vocabulary';

/** `{ A: 'A', B: 'B' }`: the object type-graphql registers an enum from. */
export function enumOf<V extends string>(values: readonly V[]): { readonly [K in V]: K } {
  return Object.fromEntries(values.map((v) => [v, v])) as { readonly [K in V]: K };
}

export const described = (text: Partial<Record<string, string>>) =>
  Object.fromEntries(Object.entries(text).map(([value, description]) => [value, { description }]));

export const DropReasonEnum = enumOf(DROP_REASONS);
export const ToolSourceEnum = enumOf(TOOL_SOURCES);
export const PageTypeEnum = enumOf(PAGE_TYPES);
export const ToolsModeEnum = enumOf(TOOLS_MODES);
export const ExecutionContextEnum = enumOf(EXECUTION_CONTEXTS);
export const RuleLevelEnum = enumOf(RULE_LEVELS);
export const RuleEffectEnum = enumOf(RULE_EFFECTS);
export const BudgetLevelEnum = enumOf(BUDGET_LEVELS);
export const VerdictEnum = enumOf(VERDICTS);

registerEnumType(DropReasonEnum, { name: 'DropReason', valuesConfig: described(DROP_REASON_TEXT) });
registerEnumType(ToolSourceEnum, { name: 'ToolSource' });
registerEnumType(PageTypeEnum, { name: 'PageType' });
registerEnumType(ToolsModeEnum, { name: 'ToolsMode', valuesConfig: described(TOOLS_MODE_TEXT) });
registerEnumType(ExecutionContextEnum, { name: 'ExecutionContext' });
registerEnumType(RuleLevelEnum, { name: 'RuleLevel' });
registerEnumType(RuleEffectEnum, { name: 'RuleEffect' });
registerEnumType(BudgetLevelEnum, { name: 'BudgetLevel' });
registerEnumType(VerdictEnum, { name: 'Verdict' });
