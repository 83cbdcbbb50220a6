/** The part of autocannon's API the benchmarks and the cluster lane use (the package ships no types; @types/autocannon is not installed). */
declare module 'autocannon' {
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    /** For https: the cluster's self-signed certificate. */
    tlsOptions?: { rejectUnauthorized?: boolean };
    requests?: Array<RawRequest & { setupRequest?: (request: RawRequest) => RawRequest }>;
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
