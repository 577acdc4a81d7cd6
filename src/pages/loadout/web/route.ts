import { PAGE_TYPES, type PageType } from '../../../loadout/vocabulary';

export type View = 'preview' | 'tools';

/**
 * What the address names: the view, and the situation previewed or the
 * budget's scope. Kept in the hash, so switching never reloads the page and
 * a link or reload lands on the same view.
 */
export interface Route {
  view: View;
  agentId: string | null;
  channel: string | null;
  pageType: PageType;
  /** RECORD pages: the context object's key; null: a record of no context object. */
  contextObject: string | null;
  /** The Tools view's project; null: the no-project scope. */
  projectId: string | null;
  /** The Tools view's end user, whose usage is the evidence; null: the key's own. */
  userId: string | null;
}

export function readRoute(): Route {
  const params = new URLSearchParams(location.hash.slice(1));
  const pageType = params.get('page');
  return {
    view: params.get('view') === 'tools' ? 'tools' : 'preview',
    agentId: params.get('agent'),
    channel: params.get('channel'),
    pageType: PAGE_TYPES.includes(pageType as PageType) ? (pageType as PageType) : 'HOME',
    contextObject: pageType === 'RECORD' ? params.get('object') : null,
    projectId: params.get('project'),
    userId: params.get('user'),
  };
}

export function routeHash(route: Route): string {
  const params = new URLSearchParams({ view: route.view });
  if (route.agentId) params.set('agent', route.agentId);
  if (route.channel) params.set('channel', route.channel);
  params.set('page', route.pageType);
  if (route.pageType === 'RECORD' && route.contextObject) params.set('object', route.contextObject);
  if (route.projectId) params.set('project', route.projectId);
  if (route.userId) params.set('user', route.userId);
  return `#${params}`;
}

/** Moves to `change` applied to the address's route; the hashchange redraws. */
export const go = (change: Partial<Route>): void => {
  location.hash = routeHash({ ...readRoute(), ...change });
};
