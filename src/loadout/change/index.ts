export { InvalidationCauseEnum } from './change-causes';
export { changedToolboxes } from './changed-toolboxes';
export type { ChangedToolbox } from './changed-toolboxes';
export { rewrittenTokens } from './compare-situations';
export { diffShare, diffToolboxes } from './toolbox-diff';
export type { ToolboxDiff } from './toolbox-diff';
