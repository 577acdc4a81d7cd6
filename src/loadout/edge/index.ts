export { LoadoutChanges } from './change';
export type { ChangeObserver, ChangeTracker, ObserverFactory } from './change';
export {
  BudgetLevelEnum,
  ConversationSourceEnum,
  DropReasonEnum,
  ExecutionContextEnum,
  InvalidationCauseEnum,
  NotListedReasonEnum,
  PageTypeEnum,
  RuleEffectEnum,
  RuleLevelEnum,
  ToolProviderEnum,
  ToolSourceEnum,
  ToolsModeEnum,
  VerdictEnum,
  described,
  enumOf,
} from './graphql-enums';
export { loadLoadoutRows, loadToolRows } from './stored-rows';
export type { Queryable } from './stored-rows';
