import type { Prng } from './prng';

/** What a load sends; each request draws its own agent, channel, page, conversation or calls. */
export type LoadPlan =
  | { kind: 'hello' }
  | { kind: 'toolbox'; agentIds: string[]; channels: string[]; contextObjects: string[] }
  | { kind: 'beginTurn'; conversationIds: string[] }
  | { kind: 'recordToolCalls'; calls: CallPlan };

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
  if (kind === 4 && contextObjects.length > 0) return { type: 'RECORD', contextObject: rng.pick(contextObjects) };
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

/** The JSON body of one request of the plan. */
export function requestBody(rng: Prng, plan: LoadPlan): string {
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
