// autocannon ships no types: the part of its programmatic API the load worker uses.
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface RequestStep extends AutocannonRequest {
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds to wait for one response. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: RequestStep[];
  }

  interface Histogram {
    mean: number;
    p99: number;
  }

  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Histogram;
  }

  function autocannon(options: Options): Promise<Result>;
  export = autocannon;
}
