// `node --import tsx scripts/bench/session-cost.ts` (BENCH_DATABASE_URL=postgres://… for PostgreSQL, on a throwaway
// database): what reading an owner's session costs per request, in one process, each way called SESSION_CALLS
// (2,000) times after a warm-up, three rounds alternated: the process's CPU and the wall time per call.
// - `reader`: auth/session-reader.ts (the cookie's signature remembered, one named statement; decision 010/060/084);
// - `getSession`: better-auth's public `auth.api.getSession` on the same cookie (no cookie cache: its queries);
// - `getSession, cookie cache`: a better-auth instance on the same database with `session.cookieCache` (5 min), on
//   its own cookies (the session read from the signed `session_data` cookie, no query);
// - `cookie cache + access check`: the same, plus the one statement the owner gate would still need per request to
//   keep a suspension or a changed membership immediate (the user's admin flag and access version, decision 060).
// Not a test: it prints figures. The web server's own work (HTTP, routing) is the same for every way and left out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { startDependencies } from '../../src/server/bootstrap';
import { createSessionReader } from '../../src/server/auth/session-reader';
import { account, rateLimit, session, user, verification } from '../../src/server/db/schema';
import { parseEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/runtime/logger';
import { queryPreparedRows } from '../../src/server/platform';

const CALLS = Number(process.env.SESSION_CALLS ?? 2000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-session-cost-'));
let databaseUrl: string | undefined;
const dbName = `refeed_session_${Date.now().toString(36)}`;
if (ADMIN_URL) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}
const env = parseEnv({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  PUBLIC_URL: 'http://127.0.0.1:3999',
  AUTH_SECRET: 'session-cost-secret-session-cost-secret-0123',
  MAIL_MODE: 'outbox',
  LOG_LEVEL: 'warn',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const { deps, stop, ready } = await startDependencies(env, createLogger('warn'), { workers: false });
await ready;
try {
  const email = `session-cost-${Date.now()}@example.fr`;
  const password = 'Mot-de-passe-assez-long-123!';
  const created = await deps.auth.api.signUpEmail({ body: { email, password, name: 'Camille Banc' } });
  await deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, created.user.id));
  const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
  const signedIn = await deps.auth.api.signInEmail({ body: { email, password }, asResponse: true });
  const ownHeaders = new Headers({ cookie: cookiesOf(signedIn) });

  const cached = betterAuth({
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    database: drizzleAdapter(deps.db, { provider: 'pg', schema: { user, session, account, verification, rateLimit } }),
    emailAndPassword: { enabled: true },
    session: { cookieCache: { enabled: true, maxAge: 300 } },
  });
  const cachedHeaders = new Headers({ cookie: cookiesOf(await cached.api.signInEmail({ body: { email, password }, asResponse: true })) });
  if (!cachedHeaders.get('cookie')?.includes('session_data')) throw new Error('the cookie cache wrote no session_data cookie');

  const readSession = createSessionReader(deps);
  const ACCESS = sql`select exists (select 1 from platform_admins a where a.user_id = u.id) as is_admin, u.access_version from users u where u.id = ${sql.placeholder('userId')}`;
  const ways: Array<[string, () => Promise<unknown>]> = [
    ['reader', () => readSession(ownHeaders)],
    ['getSession', () => deps.auth.api.getSession({ headers: ownHeaders })],
    ['getSession, cookie cache', () => cached.api.getSession({ headers: cachedHeaders })],
    ['cookie cache + access check', async () => {
      const found = await cached.api.getSession({ headers: cachedHeaders });
      return queryPreparedRows(deps.db, ACCESS, { userId: found!.user.id });
    }],
  ];
  for (const [name, call] of ways) if (!(await call())) throw new Error(`${name}: no session`);
  const figures = new Map<string, string[]>();
  for (let round = 0; round < 3; round++) {
    for (const [name, call] of round % 2 === 0 ? ways : [...ways].reverse()) {
      for (let i = 0; i < CALLS / 4; i++) await call();
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < CALLS; i++) await call();
      const wallUs = ((performance.now() - started) * 1000) / CALLS;
      const used = process.cpuUsage(cpu);
      const cpuUs = (used.user + used.system) / CALLS;
      figures.set(name, [...(figures.get(name) ?? []), `${cpuUs.toFixed(0)} µs CPU, ${wallUs.toFixed(0)} µs wall`]);
    }
  }
  console.log(`session read per call, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${CALLS} calls × 3 rounds alternated`);
  for (const [name, values] of figures) console.log(`${name}: ${values.join(' · ')}`);
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (ADMIN_URL) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
}
