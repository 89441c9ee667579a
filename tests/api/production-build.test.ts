// What `npm start` runs is the compiled bundle (dist/server: our code and the npm packages in one file),
// not the TypeScript sources the other API tests import: this starts that bundle as production does
// and checks the parts bundling could break — the database and its migrations, better-auth, the queue,
// and a mail leaving through nodemailer to a real SMTP server.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SERVER_ENV, SERVER_LAUNCH_ARGUMENTS, SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';
import { findFreePort } from '../e2e/support/server';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { fail, waitUntil } from '../support/wait';

const root = path.resolve(import.meta.dirname, '../..');
const serverDist = path.join(root, 'node_modules/.cache/refeed', `api-server-${process.pid}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-build-'));
let smtp: TestSmtpServer;
let server: ChildProcess;
let base = '';
let output = '';

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--out-dir', serverDist], { cwd: root, stdio: 'ignore' });
  smtp = await startTestSmtpServer();
  const port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(serverDist, 'index.js')], {
    cwd: root,
    env: {
      ...SERVER_ENV,
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: base,
      // A loopback test without TLS: production refuses an http address otherwise.
      ALLOW_HTTP_PUBLIC_URL: '1',
      // One instance: its uploads may stay on its disk (decision 078).
      INSTANCE_COUNT: '1',
      DATA_DIR: dataDir,
      // The PostgreSQL run of the suite starts the bundle on PostgreSQL too.
      DATABASE_URL: process.env.TEST_DATABASE_URL ? await createDatabase(process.env.TEST_DATABASE_URL) : '',
      AUTH_SECRET: 'build-test-secret-build-test-secret-0123',
      SMTP_URL: smtp.url,
      MAIL_MODE: 'smtp',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  await waitUntil(
    async () => {
      if (server.exitCode !== null) throw new Error(`the bundle exited (${server.exitCode}):\n${output}`);
      return fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    },
    { timeoutMs: 60_000, onTimeout: fail(() => `the bundle did not start:\n${output}`) },
  );
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await smtp?.close();
  await dropDatabase?.();
  rmSync(serverDist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Whether the process listening on `serverPort` has read every byte sent on the connection from local port
 * `clientPort`: Linux lists the server's side of it in /proc/net/tcp, established (01) with its receive queue
 * (the bytes not read yet) at 0.
 */
function serverHasReadAll(serverPort: number, clientPort: number): boolean {
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, remote, state, queues] = line.trim().split(/\s+/);
      if (!queues) continue;
      const portOf = (address: string) => parseInt(address.split(':').at(-1)!, 16);
      if (portOf(local) === serverPort && portOf(remote) === clientPort && state === '01') return parseInt(queues.split(':')[1], 16) === 0;
    }
  }
  return false;
}

/** A valid sign-up form. */
const signupBody = (restaurantName: string, email: string) =>
  JSON.stringify({
    restaurantName,
    siren: '552100554',
    firstName: 'Camille',
    lastName: 'Durand',
    email,
    phone: '06 12 34 56 78',
    password: 'Motdepasse-solide-42',
    passwordConfirmation: 'Motdepasse-solide-42',
    acceptTerms: true,
  });

let dropDatabase: (() => Promise<void>) | undefined;
async function createDatabase(adminUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `refeed_build_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  dropDatabase = async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('the production bundle', () => {
  it('is pure ASCII, without comments: V8 then holds its source as one byte per character (idle memory, issue #34)', () => {
    for (const file of ['index.js', 'table-cards.worker.js']) {
      const source = readFileSync(path.join(serverDist, file), 'latin1');
      const outside = /[\u0080-\uffff]/.exec(source);
      expect(outside === null ? null : source.slice(Math.max(0, outside.index! - 60), outside.index! + 20)).toBeNull();
    }
  });

  it('is started by npm start with the same environment and Node flags as here', () => {
    const start = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(start).toContain(`node scripts/node22.mjs ${SERVER_LAUNCH_ARGUMENTS.join(' ')} dist/server/index.js`);
  });


  it('serves the public API’s document and its reference page, written from it, with no script (issue #31, decision 064)', async () => {
    const document = await fetch(`${base}/api/v1/openapi.json`);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { info: { title: string } }).info.title).toBe('ReFeed API');
    const page = await fetch(`${base}/api/v1/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<h1>Référence de l’API ReFeed</h1>');
    expect(html).toContain('id="op-redeemReward"');
    expect(html).not.toMatch(/<script/i);
    // A key is required for the resources, answered as a problem.
    const unauthenticated = await fetch(`${base}/api/v1/venues`);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('gives every answer over the socket its security headers and a request id, refusals included', async () => {
    const answers = [
      await fetch(`${base}/api/health`),
      await fetch(`${base}/api/nothing-here`),
      // (robots.txt: answered by the app itself, with or without a client build.)
      await fetch(`${base}/robots.txt`),
      // Refused before any route runs: the body is over the limit.
      await fetch(`${base}/api/signup`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ x: 'a'.repeat(70_000) }) }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 200, 413]);
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      expect(answer.headers.get('permissions-policy')).toContain('camera=(self)');
      expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Every API answer is kept out of caches; a page is not an API answer.
    expect(answers.map((answer) => answer.headers.get('cache-control'))).toEqual(['no-store', 'no-store', null, 'no-store']);
    // One header each: the answer's own headers and these are merged, never repeated (the API reference
    // page's own Cache-Control wins over the API's default).
    expect(answers[0].headers.get('content-type')).toBe('application/json');
    expect((await fetch(`${base}/api/v1/docs`)).headers.get('cache-control')).toBe('no-cache');
    // A proxy's request id is kept.
    expect((await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'lb-42' } })).headers.get('x-request-id')).toBe('lb-42');
  });


  it('starts without a TypeScript loader, signs a restaurant up and mails its confirmation over SMTP', async () => {
    expect(output).toContain(`ReFeed is running at ${base}`);
    const healthResponse = await fetch(`${base}/api/health`);
    expect(await healthResponse.json()).toEqual({ ok: true, database: true, queue: true });

    const email = `bundle-${Date.now()}@example.fr`;
    const signup = await fetch(`${base}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: signupBody('Le Zinc Compilé', email),
    });
    expect(signup.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email), 30_000);
    expect(mail.parsed.html || '').toContain('/api/auth/verify-email?token=');

    // Bad input is still the shared schema's French 400, not a crash of a bundled validator.
    const refused = await fetch(`${base}/api/signup`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: '{}' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/[a-zé]/);
  }, 60_000);

  // Last: it stops the bundle. A rolling restart must not fail the request a diner or an owner is making.
  it('on SIGTERM answers the request in flight, takes no new one, then exits 0', async () => {
    const bytes = Buffer.from(signupBody('Le Zinc Arrêté', `drain-${Date.now()}@example.fr`));
    const port = Number(new URL(base).port);
    // The sign-up's head and most of its body are sent; the last 10 bytes wait.
    const request = httpRequest(`${base}/api/signup`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', origin: base, 'content-length': bytes.length } });
    const answer = new Promise<number>((resolve, reject) => {
      request.once('response', (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode!));
      });
      request.once('error', reject);
    });
    const clientPort = await new Promise<number>((resolve) => request.once('socket', (socket) => socket.once('connect', () => resolve(socket.localPort!))));
    request.write(bytes.subarray(0, bytes.length - 10));
    // The signal comes once the server has read what was sent (its side of the connection holds nothing
    // unread): the request is then in its hands.
    await waitUntil(() => serverHasReadAll(port, clientPort), { timeoutMs: 30_000, intervalMs: 20, onTimeout: fail(() => 'the server did not read the request') });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    // No new request is taken while the one in flight finishes: a new connection is refused.
    await waitUntil(() => fetch(`${base}/api/health`).then(() => false, () => true), { timeoutMs: 30_000, intervalMs: 20, onTimeout: fail(() => 'the bundle still takes new requests after SIGTERM') });
    expect(server.exitCode).toBeNull();
    request.end(bytes.subarray(bytes.length - 10));
    expect(await answer).toBe(201);
    expect(await exited).toBe(0);
    expect(output).not.toContain('database unavailable');
  }, 60_000);
});
