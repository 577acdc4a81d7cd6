import { request } from '../../web/api';
import { DebuggerShadowWinnerDocument } from './generated/graphql';
import type { DroppedTool, Turn } from './query-types';
import { scopeOf, type DefinitionScope, type DropFacts } from '../../web/wording';

/** Where each definition that shadowed a tool in the conversation shown sits, by id. */
export type WinnerScopes = ReadonlyMap<string, DefinitionScope>;

/** Where the winners of the conversation's shadowings sit, one request per distinct winner; a deleted one is left out. */
export async function loadWinnerScopes(turns: Turn[]): Promise<WinnerScopes> {
  const ids = new Set(turns.flatMap((t) => t.toolbox.dropped.flatMap((d) => (d.shadowedBy ? [d.shadowedBy.id] : []))));
  const found = await Promise.all([...ids].map((id) => request(DebuggerShadowWinnerDocument, { id })));
  return new Map(
    found.flatMap(({ data }) => (data.toolDefinition ? [[data.toolDefinition.id, scopeOf(data.toolDefinition)] as const] : [])),
  );
}

/** A dropped tool as the sentences read it, its winner placed. */
export const dropFacts = (d: DroppedTool, scopes: WinnerScopes): DropFacts => ({
  ...d,
  shadowedBy: d.shadowedBy ? { name: d.shadowedBy.name, scope: scopes.get(d.shadowedBy.id) } : null,
});
