export { DEFAULT_LOADOUT_CACHE_MB, LoadoutCache } from './cache';
export { toolboxClass } from './classes';
export { compileLoadout, patchLoadout } from './compile';
export type { CompiledLoadout, SituationToolbox } from './compile';
export type { CompiledAgent, CompiledTool } from './compiled-parts';
export type { AgentRow, CatalogueRow, LoadoutRows, McpServerRow, RuleRow, ToolRow } from './rows';
export { assembleCompiled, toolboxOf } from './serve';
