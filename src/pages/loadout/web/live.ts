import { createClient, type Client } from 'graphql-ws/client';
import { storedKey } from '../../web/api';
import { LoadoutInvalidatedDocument, type LoadoutInvalidatedSubscription } from './generated/graphql';

export type Invalidation = LoadoutInvalidatedSubscription['toolboxInvalidated'];

/**
 * The organisation's invalidation events, live over graphql-ws on this
 * server's /graphql with the tab's key: one socket for the page, one
 * subscription at a time (the agent previewed, or every agent).
 */
export class LiveEvents {
  private client: Client | null = null;
  private stop: (() => void) | null = null;
  private watched: string | null | undefined;

  /** Follows `agentId`'s events (null: every agent's), replacing what was followed; `heard` runs for each. */
  follow(agentId: string | null, heard: (event: Invalidation) => void, lost: (message: string) => void): void {
    if (this.watched === agentId && this.stop) return;
    this.stop?.();
    this.watched = agentId;
    this.client ??= createClient({
      url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
      connectionParams: () => ({ authorization: `Bearer ${storedKey() ?? ''}` }),
      retryAttempts: 5,
    });
    this.stop = this.client.subscribe<LoadoutInvalidatedSubscription>(
      { query: LoadoutInvalidatedDocument.toString(), variables: { agentId } },
      {
        next: (result) => {
          if (result.data) heard(result.data.toolboxInvalidated);
        },
        error: (error) => lost(error instanceof Error ? error.message : 'The live connection closed'),
        complete: () => undefined,
      },
    );
  }
}
