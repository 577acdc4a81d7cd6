/**
 * Set on a root field's value when everything a client can select of it
 * without arguments is read from one immutable object: that object. While
 * it is still the current one, an answer built from the value is the answer
 * (docs/semantics.md §3.17).
 */
export const ANSWER_SOURCE = Symbol('answer source');

export interface Sourced {
  readonly [ANSWER_SOURCE]?: object;
}

/** The object a value declares its answers are read from, if any. */
export const answerSourceOf = (value: unknown): object | undefined =>
  typeof value === 'object' && value !== null ? (value as Sourced)[ANSWER_SOURCE] : undefined;

/**
 * Where the direct path notes what a request's answer was read from. A
 * request's context carries one from its start: Apollo hands resolvers a
 * copy of the context, and the copy shares this object.
 */
export interface AnswerNote {
  source?: object;
  /** The root field answered, as the latency metric names it. */
  operation?: string;
}
