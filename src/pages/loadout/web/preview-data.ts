import type { ShowFailure } from '../../web/failure';
import type { EditSession } from './edit-session';
import type { LoadoutPreviewQuery, PageInput } from './generated/graphql';
import type { Route } from './route';

/** What the preview reads for one situation: the agent, its toolbox and what was left out. */
export type PreviewData = LoadoutPreviewQuery;
export type CarriedEntry = PreviewData['toolbox']['tools'][number];
export type PreviewServer = PreviewData['mcpServers'][number];

/** The MCP server a tool is of, as the preview read it; null for other tools. */
export const serverOf = (data: PreviewData, tool: { mcpServer?: { id: string } | null }): PreviewServer | null =>
  (tool.mcpServer && data.mcpServers.find((s) => s.id === tool.mcpServer!.id)) || null;

/** What the preview's cards need besides the data: whether edits can be staged, and where. */
export interface PreviewContext {
  /** Null for a key that may not write: no control that would is shown. */
  session: EditSession | null;
  showFailure: ShowFailure;
}

/** The route's page as the toolbox query takes it; a record page's id never changes a toolbox, so none is sent. */
export const pageInput = (route: Route): PageInput => ({
  type: route.pageType,
  ...(route.pageType === 'RECORD' && route.contextObject ? { contextObject: route.contextObject } : {}),
});
