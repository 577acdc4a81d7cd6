import type { AppServices } from '../app-services';
import type { Actor } from './actor';
import { LoadoutError } from './errors';
import { createLoaders, type Loaders } from './loaders';

/** What every resolver receives: who is asking, and the application's services. */
export interface RequestContext {
  actor: Actor | null;
  /** The platform operator's token: may only create organisations. */
  operator: boolean;
  services: AppServices;
  loaders?: Loaders;
  /** The request's id (x-request-id), for log lines and masked errors. */
  requestId?: string;
  /** When the request arrived (performance.now()), for the latency metric. */
  startedAt?: number;
}

/** The request's relation loaders, made on first use (only authenticated requests have any). */
export function loadersOf(ctx: RequestContext): Loaders {
  ctx.loaders ??= createLoaders(ctx.services, actorOf(ctx).organizationId);
  return ctx.loaders;
}

/** Resolvers behind @Authorized always have an actor; this narrows the type. */
export function actorOf(ctx: RequestContext): Actor {
  if (!ctx.actor) throw new LoadoutError('UNAUTHENTICATED', 'An API key is required');
  return ctx.actor;
}
