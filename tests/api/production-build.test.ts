// What `npm start` runs is the compiled bundle (dist/server: our code and the npm packages in one file),
// not the TypeScript sources the other API tests import: this starts that bundle as production does
// and checks the parts bundling could break — the database and its migrations, better-auth, the queue,
// and a mail leaving through nodemailer to a real SMTP server.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../e2e/support/server';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';

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
  server = spawn(process.execPath, [path.join(serverDist, 'index.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: base,
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
  for (const deadline = Date.now() + 60_000; ; ) {
    if (server.exitCode !== null) throw new Error(`the bundle exited (${server.exitCode}):\n${output}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`the bundle did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
  it('starts without a TypeScript loader, signs a restaurant up and mails its confirmation over SMTP', async () => {
    expect(output).toContain(`ReFeed is running at ${base}`);
    const health = await (await fetch(`${base}/api/health`)).json();
    expect(health).toEqual({ ok: true, database: true, queue: true });

    const email = `bundle-${Date.now()}@example.fr`;
    const signup = await fetch(`${base}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        restaurantName: 'Le Zinc Compilé',
        siren: '552100554',
        firstName: 'Camille',
        lastName: 'Durand',
        email,
        phone: '06 12 34 56 78',
        password: 'Motdepasse-solide-42',
        passwordConfirmation: 'Motdepasse-solide-42',
        acceptTerms: true,
      }),
    });
    expect(signup.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email), 30_000);
    expect(mail.parsed.html || '').toContain('/api/auth/verify-email?token=');

    // Bad input is still the shared schema's French 400, not a crash of a bundled validator.
    const refused = await fetch(`${base}/api/signup`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: '{}' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/[a-zé]/);
  }, 60_000);
});
