import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { TestContext } from './test-app';

/** The app behind a real socket and Node's server adapter, as in production (client IP, light requests and answers). */
export async function listen(ctx: TestContext): Promise<{ url: string; server: ServerType }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, server }),
    );
  });
}
