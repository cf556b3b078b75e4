/** The part of autocannon 9's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; total: number; p50: number; p90: number; p97_5: number; p99: number; p99_9: number };
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
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
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
