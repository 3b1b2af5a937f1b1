// autocannon ships no types; only what scripts/bench uses.
declare module "autocannon" {
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Result {
    "2xx": number;
    non2xx: number;
    errors: number;
    timeouts: number;
    latency: { p50: number; p99: number; average: number };
    requests: { average: number };
  }
  export default function autocannon(options: Options): Promise<Result>;
}
