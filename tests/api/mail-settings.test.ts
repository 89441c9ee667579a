// Production refuses an http PUBLIC_URL and warns (start output, log, admin console) about mail settings that hurt delivery.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../e2e/support/server';
import { createSignedInAdmin } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

const root = path.resolve(import.meta.dirname, '../..');
const serverEntry = ['--import', 'tsx', path.join(root, 'src/server/index.ts')];
const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-mail-settings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The environment of a production start, without what the test varies. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(MAIL_|DKIM_|PUBLIC_URL|ALLOW_HTTP|DATABASE_URL|SMTP_URL)/.test(key)));
  return { ...inherited, NODE_ENV: 'production', DATA_DIR: dataDir, AUTH_SECRET: 'settings-secret-settings-secret-0123456', MAIL_MODE: 'outbox', LOG_LEVEL: 'warn', ...extra };
}

describe('the production start', () => {
  it('refuses an http PUBLIC_URL with one clear line', () => {
    const result = spawnSync(process.execPath, serverEntry, { cwd: root, env: productionEnv({ PUBLIC_URL: 'http://app.example.fr' }), encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PUBLIC_URL: must be an https:// address in production');
    expect(result.stderr.split('\n').filter((line) => line.includes('PUBLIC_URL'))).toHaveLength(1);
    expect(result.stdout).not.toContain('ReFeed is running');
  }, 60_000);

  it('starts with the default sender and no DKIM, and says so on the console and in the log', async () => {
    const port = await findFreePort();
    const server = spawn(process.execPath, serverEntry, { cwd: root, env: productionEnv({ PUBLIC_URL: 'https://app.example.fr', PORT: String(port) }), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: 170_000, interval: 250 }).toContain('warning: DKIM n’est pas configuré');
      expect(output).toContain('ReFeed is running at https://app.example.fr');
      expect(output).toContain('warning: MAIL_FROM est l’expéditeur par défaut');
      // The structured log (pino, JSON lines) carries the same warnings at level warn (40).
      const warned = () =>
        output
          .split('\n')
          .filter((line) => line.startsWith('{') && line.endsWith('}'))
          .map((line) => JSON.parse(line) as { level: number; msg: string })
          .filter((entry) => entry.level === 40 && /^(MAIL_FROM|DKIM)/.test(entry.msg)).length;
      await expect.poll(warned, { timeout: 10_000, interval: 100 }).toBe(2);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }, 200_000);
});

describe('the admin console', () => {
  let production: TestContext;
  let configured: TestContext;
  beforeAll(async () => {
    production = await createTestContext({ env: { NODE_ENV: 'production', MAIL_MODE: 'outbox' } });
    configured = await createTestContext({
      env: { NODE_ENV: 'production', MAIL_MODE: 'outbox', MAIL_FROM: 'ReFeed <bonjour@refeed.fr>', DKIM_DOMAIN: 'refeed.fr', DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY: 'unused-in-this-test' },
    });
  });
  afterAll(async () => {
    await production?.close();
    await configured?.close();
  });

  it('shows the mail warnings of the instance to administrators, none once the settings are right', async () => {
    const { agent } = await createSignedInAdmin(production);
    const overview = (await (await agent.get('/api/admin/overview')).json()) as { mailWarnings: string[] };
    expect(overview.mailWarnings).toHaveLength(2);
    expect(overview.mailWarnings.join(' ')).toMatch(/MAIL_FROM[\s\S]*DKIM/);
    const { agent: other } = await createSignedInAdmin(configured);
    expect(((await (await other.get('/api/admin/overview')).json()) as { mailWarnings: string[] }).mailWarnings).toEqual([]);
  });
});
