import autocannon, { type AutocannonRequest } from 'autocannon';

/** One measured load: requests per second (mean) and latency percentiles in milliseconds. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Requests that failed, timed out or answered other than 2xx: a non-zero count marks the row. */
  failed: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** A request sequence each connection cycles through (the book-and-pay flow). */
  requests?: AutocannonRequest[];
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  // autocannon treats a key set to undefined as given (method: undefined fails), so only set what is known.
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.method && { method: options.method }),
    ...(options.headers && { headers: options.headers }),
    ...(options.body !== undefined && { body: options.body }),
    ...(options.requests && { requests: options.requests }),
  });
  return {
    // Completed requests over the measured seconds: steadier than the mean of 1-second samples in short cells.
    rps: result.duration > 0 ? result.requests.total / result.duration : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}
