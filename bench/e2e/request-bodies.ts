import type { Prng } from './prng';

/** What a load sends; each request draws its own agent, channel, page, conversation or calls. */
export type LoadPlan =
  | { kind: 'hello' }
  | {
      kind: 'toolbox';
      agentIds: string[];
      channels: string[];
      contextObjects: string[];
      /** Every answer built (`Cache-Control: no-cache`), none given again as kept. */
      fresh?: boolean;
    }
  | { kind: 'organizations'; organizations: OrganizationPlan[]; zipfExponent: number; channels: string[] }
  | { kind: 'beginTurn'; conversationIds: string[] }
  | { kind: 'recordToolCalls'; calls: CallPlan };

/** One organisation of a many-organisations load: its key and its agents; its rank in the list is its popularity. */
export interface OrganizationPlan {
  key: string;
  agentIds: string[];
}

export interface CallPlan {
  projectId: string;
  toolNames: string[];
  userIds: string[];
  batchSize: number;
  errorRate: number;
}

export interface PageInput {
  type: 'HOME' | 'LIST' | 'RECORD';
  contextObject?: string;
}

export interface ToolCall {
  toolName: string;
  userId: string;
  projectId: string;
  isError: boolean;
}

export const TOOLBOX_QUERY = `query($a: ID!, $c: String!, $p: PageInput) { toolbox(agentId: $a, channel: $c, page: $p) { fingerprint toolCount schemaTokens tools { position name contentHash schemaTokens } } }`;
const BEGIN_TURN = `mutation($c: ID!) { beginTurn(conversationId: $c) { id index } }`;
const RECORD_CALLS = `mutation($calls: [ToolCallInput!]!) { recordToolCalls(calls: $calls) { accepted duplicates } }`;

/** No page, HOME, LIST, RECORD, or RECORD of a random context object: the five kinds of situation. */
export function randomPage(rng: Prng, contextObjects: readonly string[]): PageInput | null {
  const kind = rng.int(0, 4);
  if (kind === 0) return null;
  if (kind === 4) return contextObjects.length > 0 ? { type: 'RECORD', contextObject: rng.pick(contextObjects) } : { type: 'RECORD' };
  return { type: (['HOME', 'LIST', 'RECORD'] as const)[kind - 1] };
}

/** One batch of calls by the project's users; ~errorRate of them failed. */
export function toolCallBatch(rng: Prng, plan: CallPlan): ToolCall[] {
  return Array.from({ length: plan.batchSize }, () => ({
    toolName: rng.pick(plan.toolNames),
    userId: rng.pick(plan.userIds),
    projectId: plan.projectId,
    isError: rng.next() < plan.errorRate,
  }));
}

/**
 * Ranks 0..n-1 drawn with probability proportional to 1 / (rank + 1)^s, the
 * skew of real popularity (s = 1: the second is asked half as often as the
 * first).
 */
export class ZipfSampler {
  private readonly cumulative: Float64Array;

  constructor(n: number, exponent: number) {
    this.cumulative = new Float64Array(n);
    let sum = 0;
    for (let rank = 0; rank < n; rank++) this.cumulative[rank] = sum += 1 / (rank + 1) ** exponent;
    for (let rank = 0; rank < n; rank++) this.cumulative[rank] /= sum;
  }

  draw(rng: Prng): number {
    const u = rng.next();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const samplers = new WeakMap<LoadPlan, ZipfSampler>();

/** One request of the plan: its JSON body, and its own Authorization header where the plan spans organisations. */
export function nextRequest(rng: Prng, plan: LoadPlan): { body: string; authorization: string | null } {
  if (plan.kind !== 'organizations') return { body: requestBody(rng, plan), authorization: null };
  let sampler = samplers.get(plan);
  if (!sampler) samplers.set(plan, (sampler = new ZipfSampler(plan.organizations.length, plan.zipfExponent)));
  const organization = plan.organizations[sampler.draw(rng)];
  const body = JSON.stringify({
    query: TOOLBOX_QUERY,
    variables: { a: rng.pick(organization.agentIds), c: rng.pick(plan.channels), p: randomPage(rng, []) },
  });
  return { body, authorization: `Bearer ${organization.key}` };
}

/** The JSON body of one request of the plan. */
export function requestBody(rng: Prng, plan: Exclude<LoadPlan, { kind: 'organizations' }>): string {
  switch (plan.kind) {
    case 'hello':
      return JSON.stringify({ query: '{ hello }' });
    case 'toolbox':
      return JSON.stringify({
        query: TOOLBOX_QUERY,
        variables: { a: rng.pick(plan.agentIds), c: rng.pick(plan.channels), p: randomPage(rng, plan.contextObjects) },
      });
    case 'beginTurn':
      return JSON.stringify({ query: BEGIN_TURN, variables: { c: rng.pick(plan.conversationIds) } });
    case 'recordToolCalls':
      return JSON.stringify({ query: RECORD_CALLS, variables: { calls: toolCallBatch(rng, plan.calls) } });
  }
}
