/** What the address names: the agent chosen and its conversation open, kept in the hash so a link or reload lands there. */
export interface Route {
  agentId: string | null;
  conversationId: string | null;
}

export function readRoute(): Route {
  const params = new URLSearchParams(location.hash.slice(1));
  return { agentId: params.get('agent'), conversationId: params.get('conversation') };
}

export const routeHash = (agentId: string, conversationId?: string): string =>
  `#agent=${encodeURIComponent(agentId)}${conversationId === undefined ? '' : `&conversation=${encodeURIComponent(conversationId)}`}`;
