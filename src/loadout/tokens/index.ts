export { estimateToolTokens, requestOverheadTokens } from './estimate-tokens';
export { jsonTextBytes } from './json-text-bytes';
export { SCHEMA_MAX_BYTES, describeRefusal, firstBreak, schemaRefusals, shownRefusal, storedRefusals } from './provider-schema-rules';
export type { SchemaRefusals, ShownRefusal } from './provider-schema-rules';
export { mcpRoute, providerOf, renderTools } from './providers';
export type { GeminiTool, ToolToRender } from './providers';
export { preloadEncoding, tokenCounter } from './tokenizers';
export { TOOL_NAME_MAX, fitsEveryProvider, mayBeShortForm, renderedToolName, visibleTool } from './tool-names';
export type { VisibleTool } from './tool-names';
