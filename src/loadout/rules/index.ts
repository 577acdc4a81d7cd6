export { assembleToolbox, budgetSurface, incompatibleOnSurface } from './assemble';
export type { PageSituation } from './facts';
export { compareSortOrder, reaches, ruleNames, ruleSubject, ruleWarning, serverInScope, storedRuleName } from './filters';
export type { Placed } from './filters';
export { notListedReason } from './gateway-listing';
export { hintTarget, statedHints } from './hints';
export { shadowRelations } from './shadowing';
export { PAGES_IN_ORDER, allSituations } from './situations';
