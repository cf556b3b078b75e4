/** The part of autocannon 9's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  };
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    title?: string;
    /** Resolve with the counters and the encoded histograms (RawResult), to merge several runs. */
    skipAggregateResult?: boolean;
  };
  export type Result = {
    title?: string;
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  /** A run's result before aggregation: its counters and its histograms, hdr-encoded (base64). */
  export type RawResult = {
    latencies: string;
    requests: string;
    throughput: string;
    totalCompletedRequests: number;
    totalRequests: number;
    totalBytes: number;
    /** One per sampling interval (1 s). */
    samples: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  };
  function autocannon(options: Options & { skipAggregateResult: true }): Promise<RawResult>;
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    /** Merges raw results: the latency histograms are added (its `requests` figures are not meaningful). */
    function aggregateResult(results: RawResult[], options?: Partial<Options>): Result;
  }
  export default autocannon;
}
