import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppServices } from '../app-services';
import { answerSourceOf } from '../common/answer-source';
import { sha256Hex } from '../common/content-hash';
import type { RequestContext } from '../common/context';
import type { Stats } from '../common/stats';
import { hashApiKey } from '../organizations/api-keys';
import { AnswerStore, ANSWER_STORE_LIMITS, type AnswerStoreLimits } from './answer-store';
import { bearerToken } from './authenticate';

/** The longest request, payload and headers, whose answer is kept: the toolbox query is a few hundred characters. */
const MAX_KEY_CHARS = 16 * 1024;

/** A request whose answer may be kept: its key, and the hash of the key it was sent with. */
export interface ReusableRequest {
  key: string;
  keyHash: string;
  /** It asked for a fresh answer (`Cache-Control: no-cache`): built, then kept for the next. */
  fresh: boolean;
}

/** Whether a conditional GET already holds this ETag (weak comparison, as RFC 9110 has for If-None-Match). */
export function alreadyHeld(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers given again, unchanged, while what they were read from is
 * current (docs/semantics.md §3.17): a toolbox answered by the direct path
 * is kept by request and given for the same request until the
 * organisation's compiled loadout or the key's remembered actor changes, so
 * a repeated request skips Apollo, the key lookup, the toolbox and
 * serialising. Every such answer carries an ETag; a GET sending it back in
 * If-None-Match is answered 304.
 */
export class AnswerReuse {
  readonly store: AnswerStore;

  constructor(
    services: Pick<AppServices, 'loadouts' | 'organizations'>,
    private readonly stats: Pick<Stats, 'answersReused' | 'answersNotModified'>,
    private readonly observe: (operation: string, startedAt: number) => void,
    limits: AnswerStoreLimits = ANSWER_STORE_LIMITS,
  ) {
    this.store = new AnswerStore(
      (answer) =>
        services.loadouts.currentKept(answer.organizationId) === answer.source &&
        services.organizations.rememberedActor(answer.keyHash) === answer.actor,
      limits,
    );
    services.loadouts.onChange((organizationId) => this.store.forget(organizationId));
  }

  /** The direct path answered a request from this value of the root field `operation`. */
  answered(context: RequestContext, value: unknown, operation: string): void {
    const source = answerSourceOf(value);
    if (source && context.answerNote) Object.assign(context.answerNote, { source, operation });
  }

  /** The request's key (null: its answer is never kept): who asks, everything Apollo's answer reads of the headers, and the payload. */
  reusable(req: IncomingMessage, method: string, payload: string): ReusableRequest | null {
    const { headers } = req;
    const token = bearerToken(headers.authorization);
    if (!token || payload.length > MAX_KEY_CHARS) return null;
    const keyHash = hashApiKey(token);
    // Apollo's CSRF check reads these two headers and the content type; the accepted types choose the answer's.
    const preflight = headers['apollo-require-preflight'] !== undefined || headers['x-apollo-operation-name'] !== undefined;
    const key = `${keyHash}\n${method}\n${headers.accept ?? ''}\n${headers['content-type'] ?? ''}\n${preflight}\n${payload}`;
    if (key.length > MAX_KEY_CHARS) return null;
    return { key, keyHash, fresh: /\bno-cache\b/i.test(headers['cache-control'] ?? '') };
  }

  /** Answers from a kept answer when there is a current one; false when the request must be built. */
  serve(request: ReusableRequest, req: IncomingMessage, res: ServerResponse, startedAt: number): boolean {
    if (request.fresh) return false;
    const answer = this.store.get(request.key);
    if (!answer) return false;
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    this.stats.answersReused++;
    this.finish(req, res, answer.etag, answer.body);
    this.observe(answer.operation, startedAt);
    return true;
  }

  /**
   * After a request was built: keeps its answer when the direct path read it
   * from a source, and gives it the ETag. Returns the ETag, or null when
   * the answer is not one to keep.
   */
  keep(
    request: ReusableRequest,
    context: RequestContext | undefined,
    status: number | undefined,
    headers: ReadonlyArray<readonly [string, string]>,
    body: string,
  ): string | null {
    const { source, operation } = context?.answerNote ?? {};
    const actor = context?.actor;
    if (!source || !operation || !actor || (status ?? 200) !== 200) return null;
    const etag = `"${sha256Hex(body).slice(0, 32)}"`;
    const { organizationId } = actor;
    this.store.keep(request.key, { source, operation, actor, organizationId, keyHash: request.keyHash, headers, body, etag });
    return etag;
  }

  /** Ends a response carrying a reusable answer: 304 to a GET that holds it already. */
  finish(req: IncomingMessage, res: ServerResponse, etag: string, body: string): void {
    res.setHeader('etag', etag);
    if (req.method === 'GET' && alreadyHeld(req.headers['if-none-match'], etag)) {
      this.stats.answersNotModified++;
      res.statusCode = 304;
      res.removeHeader('content-type');
      res.end();
      return;
    }
    res.statusCode = 200;
    res.end(body);
  }
}
