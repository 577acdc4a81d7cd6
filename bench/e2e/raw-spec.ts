import type { CallPlan } from './request-bodies';

/** A conversation the raw baseline begins turns of, with what the API's first turn of it recorded. */
export interface RawConversation {
  id: string;
  userId: string;
  /** The owning project: the usage scope. */
  projectId: string | null;
  fingerprint: string;
  model: string;
  loadoutVersion: number;
  toolNames: string[];
}

export type RawPlan =
  | { kind: 'beginTurn'; organizationId: string; conversations: RawConversation[] }
  | { kind: 'toolUsage'; organizationId: string; calls: CallPlan };

/** What the parent hands the raw-SQL worker (as a JSON file). */
export interface RawSpec {
  databaseUrl: string;
  /** Pool size and operations in flight. */
  concurrency: number;
  durationSeconds: number;
  seed: number;
  plan: RawPlan;
}

/** What the raw-SQL worker prints: one JSON line. */
export interface RawResult {
  durationSeconds: number;
  /** Committed transactions (beginTurn) or statements (toolUsage). */
  operations: number;
  operationsPerSecond: number;
  failures: number;
  sampleFailure: string | null;
}
