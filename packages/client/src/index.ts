// `@loadout/client`: the runtime client (a turn per model request, in each provider SDK's shape) and the typed
// client over `fetch`. The operations' documents and types are `@loadout/client/graphql`; the Apollo Client
// cache is `@loadout/client/apollo`, the one entry that needs Apollo Client.
export * from './runtime';
export {
  DEFAULT_TIMEOUT_MS,
  loadoutClient,
  resolveEndpoint,
  retryAfterMs,
  withRetries,
  type Client,
  type LoadoutErrorBody,
} from './client';
export { findAgent, listAgents, type AgentSummary } from './agents';
export { defineTool } from './catalogue';
export { describeCarried, describeToolbox, previewToolbox } from './preview';
export type { JsonValue } from './json';
export { CLIENT_VERSION } from './version';
