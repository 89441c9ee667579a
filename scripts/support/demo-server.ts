// The production start (built client, compiled server, NODE_ENV=production) on a throwaway embedded
// database holding the demo restaurant, signed in as its owner: what `npm run lighthouse` and
// `npm run screenshots` look at.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD } from '../../src/server/features/demo/seed-demo.service';
import { findFreePort } from '../../tests/e2e/support/server';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../build-server.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export type DemoServer = { base: string; ownerCookie: string; restaurantId: string; pid: number; stop: () => Promise<void> };

/**
 * `databaseUrl`: run on that (throwaway) PostgreSQL database instead of PGlite; `nodeFlags`: instead of the
 * production start's; `env`: more of the server's settings (e.g. TRUST_PROXY for a load that names its clients);
 * `entry`: another compiled server than dist/server/index.js (an A/B measure of two builds, scripts/bench/platform-ab.ts).
 */
export type DemoServerOptions = { databaseUrl?: string; nodeFlags?: readonly string[]; env?: Record<string, string>; entry?: string };

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-demo-'));
  const env = {
    ...SERVER_ENV,
    ...process.env,
    NODE_ENV: 'production',
    MAIL_MODE: 'outbox',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    // A loopback run without TLS: production would refuse this http address otherwise.
    ALLOW_HTTP_PUBLIC_URL: '1',
    AUTH_SECRET: 'demo-server-secret-demo-server-secret-0123',
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl ?? '',
    // One instance: its uploads may stay on its disk (decision 078).
    INSTANCE_COUNT: '1',
    ...options.env,
  };
  // Another compiled server runs as built (the client must be built already).
  if (!options.entry) execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/seed-demo.ts')], { cwd: ROOT, env, stdio: 'ignore' });
  const server = spawn(process.execPath, [...(options.nodeFlags ?? SERVER_NODE_FLAGS), options.entry ?? path.join(ROOT, 'dist/server/index.js')], { cwd: ROOT, env, stdio: 'ignore' });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill();
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let tries = 0; ; tries++) {
      const ready = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (ready) break;
      if (tries > 200) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: DEMO_OWNER_EMAIL, password: DEMO_OWNER_PASSWORD }),
    });
    const ownerCookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const me = (await (await fetch(`${base}/api/me`, { headers: { cookie: ownerCookie } })).json()) as { restaurants: Array<{ id: string }> };
    return { base, ownerCookie, restaurantId: me.restaurants[0].id, pid: server.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
