import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';

/** A generated operation: its text, typed with what it answers and takes. */
export type Operation<TResult, TVariables> = DocumentTypeDecoration<TResult, TVariables> & { toString(): string };

export interface GraphQLErrorLike {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { code?: string };
}

export interface Result<T> {
  data: T;
  /** Errors of fields that came back null; the rest of `data` is still good. */
  partialErrors: GraphQLErrorLike[];
}

/** An error that left no data to show, with the server's code when it gave one. */
export class RequestFailed extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** One key for every page of this server, kept for the tab only. */
const KEY_STORAGE = 'loadout.debugger.apiKey';

export const storedKey = (): string | null => sessionStorage.getItem(KEY_STORAGE);
export const storeKey = (key: string): void => sessionStorage.setItem(KEY_STORAGE, key);
export const forgetKey = (): void => sessionStorage.removeItem(KEY_STORAGE);

export async function request<TResult, TVariables>(
  document: Operation<TResult, TVariables>,
  variables: TVariables,
): Promise<Result<TResult>> {
  const key = storedKey();
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ query: document.toString(), variables }),
  });
  let body: { data?: TResult | null; errors?: GraphQLErrorLike[] };
  try {
    body = await response.json();
  } catch {
    throw new RequestFailed(`The server answered ${response.status} without a GraphQL result`, undefined);
  }
  const errors = body.errors ?? [];
  if (!body.data) throw new RequestFailed(errors[0]?.message ?? `HTTP ${response.status}`, errors[0]?.extensions?.code);
  return { data: body.data, partialErrors: errors };
}
