import type { TypedDocumentString } from '../generated/graphql';

/** A GraphQL error as the server sends it: `extensions.field` names the input at fault. */
export interface LoadoutErrorBody {
  message: string;
  extensions?: { code?: string; field?: string };
}

/** A request that came back with errors: the first one's code and field, and every message. */
export class LoadoutError extends Error {
  readonly code: string | undefined;
  readonly field: string | undefined;

  constructor(readonly errors: LoadoutErrorBody[]) {
    super(errors.map((e) => e.message).join('; '));
    this.code = errors[0]?.extensions?.code;
    this.field = errors[0]?.extensions?.field;
  }
}

/** Sends one generated operation; the result and the variables are typed by the document. */
export type Client = <TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, variables: TVariables) => Promise<TResult>;

/** A client for one server and one API key, over plain `fetch`. */
export function loadoutClient(url: string, apiKey: string): Client {
  return async <TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, variables: TVariables): Promise<TResult> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ query: document.toString(), variables }),
    });
    const body = (await response.json()) as { data?: TResult | null; errors?: LoadoutErrorBody[] };
    if (body.errors?.length || !body.data) throw new LoadoutError(body.errors ?? [{ message: `HTTP ${response.status}` }]);
    return body.data;
  };
}
