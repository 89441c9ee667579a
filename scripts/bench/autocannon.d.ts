// autocannon ships no types: the part of its API the bench's load generator uses.
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: Array<Request & { setupRequest?: (request: Request) => Request }>;
  };
  type Result = { requests: { total: number }; non2xx: number; errors: number; timeouts: number };
  type Instance = PromiseLike<Result> & { on(event: 'response', listener: (client: unknown, status: number, bytes: number, responseTime: number) => void): void };
  export default function autocannon(options: Options): Instance;
}
