// While the database cannot be reached, every kind of route answers the same French 503 with a
// Retry-After, never a 500 (decision 027): the diner's reads and submission, an owner's call (its
// session read), better-auth's own routes (which would otherwise answer their bare 500) and the diner
// page's HTML. The app runs on a PostgreSQL pool pointed at a port where nothing listens, so this file
// needs no database and runs in both runs of the suite. The classifier's cases are checked below.
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { createDeps } from '../../src/server/deps';
import { parseEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/runtime/logger';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../src/server/lib/http/errors';
import { findFreePort } from '../e2e/support/server';

const SECRET = 'unreachable-secret-unreachable-secret-01';
const ORIGIN = 'http://localhost:3000';

describe('every route while the database cannot be reached', () => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let dataDir = '';
  const lost: Error[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-unreachable-'));
    // A free port nobody listens on: every connection attempt is refused (ECONNREFUSED).
    const port = await findFreePort();
    database = await openDatabase({ databaseUrl: `postgres://refeed@127.0.0.1:${port}/refeed`, onConnectionLost: (error) => lost.push(error) });
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, AUTH_SECRET: SECRET, LOG_LEVEL: 'silent', DATABASE_URL: `postgres://refeed@127.0.0.1:${port}/refeed` });
    const deps = createDeps(env, database, createLogger('silent'));
    app = createApp(deps, { clientDist: dataDir });
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const request = (pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', ORIGIN);
    if (init.body) headers.set('content-type', 'application/json');
    return app.request(`${ORIGIN}${pathname}`, { ...init, headers });
  };

  const expectUnavailable = async (response: Response) => {
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } });
  };

  it('answers the diner read and the feedback submission with the French 503', async () => {
    await expectUnavailable(await request(`/api/public/restaurants/${randomUUID()}`));
    await expectUnavailable(await request('/api/public/feedbacks', { method: 'POST', body: JSON.stringify({ submissionId: randomUUID(), restaurantId: randomUUID(), rating: 4 }) }));
  });

  it('answers an owner call, whose session cannot be read, with the French 503', async () => {
    const token = 'unreachable-session-token';
    const signed = `${token}.${createHmac('sha256', SECRET).update(token).digest('base64')}`;
    await expectUnavailable(await request('/api/me', { headers: { cookie: `better-auth.session_token=${encodeURIComponent(signed)}` } }));
  });

  it("answers better-auth's routes with the same 503 instead of its bare 500", async () => {
    await expectUnavailable(await request('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify({ email: 'camille@example.fr', password: 'Motdepasse-solide-42' }) }));
    await expectUnavailable(await request('/api/auth/sign-in/magic-link', { method: 'POST', body: JSON.stringify({ email: 'camille@example.fr' }) }));
  });

  it("answers the diner page's HTML, which looks the restaurant up, with the 503", async () => {
    expect((await request(`/f/${randomUUID()}`)).status).toBe(503);
  });
});

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('recognises a lost or refused connection however it is wrapped', () => {
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P02'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('53300', 'sorry, too many clients already'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNRESET'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    // drizzle's wrapping, and Node's AggregateError for an address with IPv4 and IPv6.
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: withCode('57P01') }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves every other error a 500: a bug is not an outage', () => {
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: new Error('syntax error') }))).toBe(false);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), new Error('other')]))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('no process-wide error handler', () => {
  it("registers no uncaughtException or unhandledRejection handler in the server: errors are handled where they are emitted, bugs still end the process", () => {
    const root = path.resolve(import.meta.dirname, '../../src/server');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((file) => /process\.(on|once|addListener|prependListener)\(\s*['"](uncaughtException|unhandledRejection)/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
