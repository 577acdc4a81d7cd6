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

/**
 * Where the GraphQL requests go, given the server's address: its base URL (`http://localhost:4000`, or the path a
 * proxy serves it under) gets `/graphql` appended; an address that ends in `/graphql` is kept, without a trailing
 * slash (the server serves `/graphql` only). An address that is not an http(s) URL is refused here, before any request.
 */
export function resolveEndpoint(url: string): URL {
  const example = "give the Loadout server's base URL, such as http://localhost:4000";
  let endpoint: URL;
  try {
    endpoint = new URL(url);
  } catch {
    throw new Error(`'${url}' is not a URL: ${example}`);
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') throw new Error(`'${url}' is not an http(s) URL: ${example}`);
  const path = endpoint.pathname.replace(/\/+$/, '');
  endpoint.pathname = path.endsWith('/graphql') ? path : `${path}/graphql`;
  return endpoint;
}

interface GraphQLBody<TResult> {
  data?: TResult | null;
  errors?: LoadoutErrorBody[];
}

/** The answer's GraphQL body, or a LoadoutError saying what answered instead (another server, a wrong path, a proxy's page). */
async function graphQLBody<TResult>(endpoint: URL, response: Response): Promise<GraphQLBody<TResult>> {
  const type = response.headers.get('content-type') ?? 'no content type';
  const text = await response.text();
  const wrongAddress = (what: string) =>
    new LoadoutError([
      {
        message: `POST ${endpoint.href} answered HTTP ${response.status} (${what}), not a GraphQL response: is it the Loadout server's address? Its GraphQL endpoint is /graphql`,
      },
    ]);
  if (!type.includes('json')) throw wrongAddress(type);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw wrongAddress(`${type} that does not parse`);
  }
  if (typeof body !== 'object' || body === null || !('data' in body || 'errors' in body))
    throw wrongAddress(`${type}: ${text.slice(0, 200)}`);
  return body as GraphQLBody<TResult>;
}

/** A client for one server and one API key, over plain `fetch`; `url` is the server's base URL or its /graphql endpoint. */
export function loadoutClient(url: string, apiKey: string): Client {
  const endpoint = resolveEndpoint(url);
  return async <TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, variables: TVariables): Promise<TResult> => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ query: document.toString(), variables }),
    });
    const body = await graphQLBody<TResult>(endpoint, response);
    if (body.errors?.length || !body.data) throw new LoadoutError(body.errors ?? [{ message: `HTTP ${response.status}` }]);
    return body.data;
  };
}
