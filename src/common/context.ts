import type { Context } from '@opentelemetry/api';
import type { Actor } from './actor';
import type { AnswerNote } from './answer-source';
import { LoadoutError } from './errors';

/** Why a request has no actor although it sent an `Authorization` value; absent when it sent none. */
export type CredentialProblem = 'MALFORMED' | 'UNRECOGNISED';

/**
 * The application's services, as a request sees them. The layers above
 * declare what they hold into this interface (declaration merging:
 * app-services.ts declares the whole), so common names none of them.
 */
export interface Services {}

/** What common itself asks of the services: a request's relation loaders, made on its first use of one. */
interface LoaderSource {
  requestLoaders(organizationId: string): Loaders;
}

/** The relation loaders of one request, declared likewise (request-loaders.ts). */
export interface Loaders {}

/** What every resolver receives: who is asking, and the application's services. */
export interface RequestContext {
  actor: Actor | null;
  /** The platform operator's token: may only create organisations. */
  operator: boolean;
  credentialProblem?: CredentialProblem;
  services: Services & LoaderSource;
  loaders?: Loaders;
  /** The request's id (x-request-id), for log lines and masked errors. */
  requestId?: string;
  /** When the request arrived (performance.now()), for the latency metric. */
  startedAt?: number;
  /** What an HTTP request's answer was read from, where it may be kept (docs/semantics.md §3.17). */
  answerNote?: AnswerNote;
  /** The trace context spans of this request are children of: the request's span, then its GraphQL operation's. */
  traceContext?: Context;
}

/** The request's relation loaders, made on first use (only authenticated requests have any). */
export function loadersOf(ctx: RequestContext): Loaders {
  ctx.loaders ??= ctx.services.requestLoaders(actorOf(ctx).organizationId);
  return ctx.loaders;
}

/** Resolvers behind @Authorized always have an actor; this narrows the type. */
export function actorOf(ctx: RequestContext): Actor {
  if (!ctx.actor) throw unauthenticated(ctx.credentialProblem);
  return ctx.actor;
}

/** A message that tells a missing key, a malformed header and a key we do not know apart: each has its own fix. */
export function unauthenticated(problem: CredentialProblem | undefined): LoadoutError {
  switch (problem) {
    case 'MALFORMED':
      return new LoadoutError('UNAUTHENTICATED', 'Malformed Authorization header: expected `Authorization: Bearer <key>`');
    case 'UNRECOGNISED':
      return new LoadoutError('UNAUTHENTICATED', 'API key not recognised: it is mistyped, revoked or of another server');
    case undefined:
      return new LoadoutError('UNAUTHENTICATED', 'An API key is required: send `Authorization: Bearer <key>`');
  }
}
