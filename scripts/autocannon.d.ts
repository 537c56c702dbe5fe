/** The part of autocannon (which ships no types) that the bench uses. */
declare module 'autocannon' {
  interface Request {
    method?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
  }
  interface Result {
    requests: { average: number };
    latency: { p50: number; p99: number; max: number };
    statusCodeStats?: Record<string, { count: number }>;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: { url: string; connections: number; duration: number; requests: Request[] }): Promise<Result>;
}
