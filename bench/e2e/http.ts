/** Every HTTP call of the bench is bounded: a slow server makes a scenario report a timeout instead of hanging. */
export const HTTP_TIMEOUT_MS = 120_000;

export class TimeoutError extends Error {}

export interface GraphQLResponse<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string; field?: string } }>;
}

/** fetch with a deadline; a deadline passed becomes a TimeoutError naming the URL. */
export async function fetchWithTimeout(url: string, init: RequestInit = {}, timeoutMs = HTTP_TIMEOUT_MS): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError')
      throw new TimeoutError(`timeout: no answer from ${url} in ${timeoutMs / 1000} s`);
    throw error;
  }
}

/** A GraphQL client bound to one API key. */
export class GraphQLClient {
  constructor(
    readonly url: string,
    readonly key: string,
    private readonly timeoutMs = HTTP_TIMEOUT_MS,
  ) {}

  withKey(key: string): GraphQLClient {
    return new GraphQLClient(this.url, key, this.timeoutMs);
  }

  async request<T>(query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>> {
    const res = await fetchWithTimeout(
      this.url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.key}` },
        body: JSON.stringify({ query, variables }),
      },
      this.timeoutMs,
    );
    const text = await res.text();
    try {
      return JSON.parse(text) as GraphQLResponse<T>;
    } catch {
      throw new Error(`HTTP ${res.status} from ${this.url}: ${text.slice(0, 200)}`);
    }
  }

  /** The data, or an error carrying the first GraphQL error. */
  async ok<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
    const result = await this.request<T>(query, variables);
    if (result.errors?.length) {
      const [first] = result.errors;
      throw new Error(
        `GraphQL error ${first.extensions?.code ?? ''}: ${first.message}${first.extensions?.field ? ` (${first.extensions.field})` : ''}`,
      );
    }
    return result.data as T;
  }
}
