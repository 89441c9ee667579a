import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM, describeDatabase, EnvError, instanceLayoutRefusal, mailSettingWarnings, parseEnv } from './env';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'refeed-env-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('parseEnv', () => {
  it('needs nothing to start: port 3000, ./data, a generated secret kept in the data folder', () => {
    const dir = freshDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(env.AUTH_SECRET);
    expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(env.AUTH_SECRET);
  });

  it('runs job workers unless JOB_WORKERS=off, which needs PostgreSQL (another instance must run the jobs)', () => {
    expect(parseEnv({ DATA_DIR: freshDir() }).JOB_WORKERS).toBe('on');
    expect(() => parseEnv({ JOB_WORKERS: 'off', DATA_DIR: freshDir() })).toThrow(/JOB_WORKERS: off needs DATABASE_URL/);
    expect(parseEnv({ JOB_WORKERS: 'off', DATABASE_URL: 'postgres://refeed@db.internal:5432/refeed', DATA_DIR: freshDir() }).JOB_WORKERS).toBe('off');
    expect(() => parseEnv({ JOB_WORKERS: 'no', DATA_DIR: freshDir() })).toThrow(/JOB_WORKERS/);
  });

  it('lets due jobs give way to a rush for 10 s unless JOB_YIELD_SECONDS says otherwise (0 to 20: a waiting job expires at 30 s)', () => {
    expect(parseEnv({ DATA_DIR: freshDir() }).JOB_YIELD_SECONDS).toBe(10);
    expect(parseEnv({ JOB_YIELD_SECONDS: '0', DATA_DIR: freshDir() }).JOB_YIELD_SECONDS).toBe(0);
    expect(() => parseEnv({ JOB_YIELD_SECONDS: '25', DATA_DIR: freshDir() })).toThrow(/JOB_YIELD_SECONDS/);
    expect(() => parseEnv({ JOB_YIELD_SECONDS: 'soon', DATA_DIR: freshDir() })).toThrow(/JOB_YIELD_SECONDS/);
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x', DATA_DIR: freshDir() });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SMTP_URL');
  });

  it('requires AUTH_SECRET and PUBLIC_URL in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATA_DIR: freshDir() })).toThrow(/AUTH_SECRET: is required in production[\s\S]*PUBLIC_URL/);
  });

  it('refuses to start production without SMTP unless the outbox is chosen explicitly', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: freshDir(), AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://app.example.fr' };
    expect(() => parseEnv(production)).toThrow(/SMTP_URL: is required in production[\s\S]*MAIL_MODE=outbox/);
    expect(parseEnv({ ...production, MAIL_MODE: 'outbox' }).MAIL_MODE).toBe('outbox');
    expect(parseEnv({ ...production, SMTP_URL: 'smtp://mail.example.fr:587' }).SMTP_URL).toBe('smtp://mail.example.fr:587');
    expect(() => parseEnv({ DATA_DIR: freshDir(), MAIL_MODE: 'smtp' })).toThrow(/MAIL_MODE: smtp needs SMTP_URL/);
  });

  it('refuses an http PUBLIC_URL in production in one line, unless ALLOW_HTTP_PUBLIC_URL=1 says it is an internal test', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: freshDir(), AUTH_SECRET: 'x'.repeat(40), MAIL_MODE: 'outbox' };
    let message = '';
    try {
      parseEnv({ ...production, PUBLIC_URL: 'http://app.example.fr' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n').filter((line) => line.includes('PUBLIC_URL'))).toEqual([
      '  - PUBLIC_URL: must be an https:// address in production (links and List-Unsubscribe in emails use it); set ALLOW_HTTP_PUBLIC_URL=1 only for an internal test',
    ]);
    expect(() => parseEnv({ ...production, PUBLIC_URL: 'http://127.0.0.1:3000' })).toThrow(/PUBLIC_URL: must be an https/);
    expect(parseEnv({ ...production, PUBLIC_URL: 'http://127.0.0.1:3000', ALLOW_HTTP_PUBLIC_URL: '1' }).PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(parseEnv({ ...production, PUBLIC_URL: 'https://app.example.fr/' }).PUBLIC_URL).toBe('https://app.example.fr');
    // Development keeps its http default.
    expect(parseEnv({ DATA_DIR: freshDir(), PUBLIC_URL: 'http://localhost:5173' }).PUBLIC_URL).toBe('http://localhost:5173');
  });

  it('warns in production when the sender is the default one or DKIM is unset, and not once both are set', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: freshDir(), AUTH_SECRET: 'x'.repeat(40), MAIL_MODE: 'outbox', PUBLIC_URL: 'https://app.example.fr' };
    const bare = mailSettingWarnings(parseEnv(production));
    expect(parseEnv(production).MAIL_FROM).toBe(DEFAULT_MAIL_FROM);
    expect(bare).toHaveLength(2);
    expect(bare[0]).toMatch(/^MAIL_FROM est l’expéditeur par défaut/);
    expect(bare[1]).toMatch(/^DKIM n’est pas configuré/);
    const dkim = { DKIM_DOMAIN: 'example.fr', DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY: 'key' };
    expect(mailSettingWarnings(parseEnv({ ...production, ...dkim }))).toEqual([bare[0]]);
    expect(mailSettingWarnings(parseEnv({ ...production, MAIL_FROM: 'Chez Zoé <bonjour@example.fr>' }))).toEqual([bare[1]]);
    expect(mailSettingWarnings(parseEnv({ ...production, ...dkim, MAIL_FROM: 'Chez Zoé <bonjour@example.fr>' }))).toEqual([]);
    // Outside production nothing is sent for real: no warning.
    expect(mailSettingWarnings(parseEnv({ DATA_DIR: freshDir() }))).toEqual([]);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATA_DIR: freshDir(), DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('describes the database without its password', () => {
    const env = parseEnv({ DATA_DIR: freshDir(), DATABASE_URL: 'postgres://app:s3cret@db.internal:5433/refeed' });
    expect(describeDatabase(env)).toBe('PostgreSQL at db.internal:5433/refeed');
    expect(describeDatabase(env)).not.toContain('s3cret');
  });
});

describe('instances (decision 078)', () => {
  const postgres = 'postgres://refeed@db.internal:5432/refeed';
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://refeed.example.fr', AUTH_SECRET: 'x'.repeat(32), MAIL_MODE: 'outbox' };

  it('migrates at start unless MIGRATE_ON_START=0, which needs PostgreSQL (something else must migrate it)', () => {
    expect(parseEnv({ DATA_DIR: freshDir() }).MIGRATE_ON_START).toBe('1');
    expect(() => parseEnv({ MIGRATE_ON_START: '0', DATA_DIR: freshDir() })).toThrow(/MIGRATE_ON_START: 0 needs DATABASE_URL/);
    expect(parseEnv({ MIGRATE_ON_START: '0', DATABASE_URL: postgres, DATA_DIR: freshDir() }).MIGRATE_ON_START).toBe('0');
  });

  it('takes INSTANCE_COUNT from 1 to 64, above 1 on PostgreSQL only, and DRAIN_NOTICE_SECONDS from 0 (default) to 60', () => {
    expect(parseEnv({ DATA_DIR: freshDir() }).INSTANCE_COUNT).toBeUndefined();
    expect(parseEnv({ DATA_DIR: freshDir(), INSTANCE_COUNT: '1' }).INSTANCE_COUNT).toBe(1);
    expect(() => parseEnv({ DATA_DIR: freshDir(), INSTANCE_COUNT: '2' })).toThrow(/INSTANCE_COUNT: above 1 needs DATABASE_URL/);
    expect(parseEnv({ DATA_DIR: freshDir(), INSTANCE_COUNT: '3', DATABASE_URL: postgres }).INSTANCE_COUNT).toBe(3);
    expect(() => parseEnv({ DATA_DIR: freshDir(), INSTANCE_COUNT: '0', DATABASE_URL: postgres })).toThrow(/INSTANCE_COUNT/);
    expect(parseEnv({ DATA_DIR: freshDir() }).DRAIN_NOTICE_SECONDS).toBe(0);
    expect(parseEnv({ DATA_DIR: freshDir(), DRAIN_NOTICE_SECONDS: '3' }).DRAIN_NOTICE_SECONDS).toBe(3);
    expect(() => parseEnv({ DATA_DIR: freshDir(), DRAIN_NOTICE_SECONDS: '90' })).toThrow(/DRAIN_NOTICE_SECONDS/);
  });

  it('refuses production on PostgreSQL with uploads on the local disk, unless INSTANCE_COUNT=1 says it is the only instance', () => {
    const dir = freshDir();
    const undeclared = instanceLayoutRefusal(parseEnv({ ...production, DATA_DIR: dir, DATABASE_URL: postgres }));
    expect(undeclared).toBe(
      `Invalid configuration:\n  - S3_BUCKET: is required in production on PostgreSQL, where several instances may serve: uploads would be written to ${path.join(dir, 'storage')} on this machine only. Set S3_BUCKET, or INSTANCE_COUNT=1 if this is the only instance`,
    );
    expect(instanceLayoutRefusal(parseEnv({ ...production, DATA_DIR: dir, DATABASE_URL: postgres, INSTANCE_COUNT: '2' }))).toMatch(/^Invalid configuration:\n {2}- S3_BUCKET: is required with INSTANCE_COUNT=2/);
    expect(instanceLayoutRefusal(parseEnv({ ...production, DATA_DIR: dir, DATABASE_URL: postgres, INSTANCE_COUNT: '1' }))).toBeNull();
    expect(instanceLayoutRefusal(parseEnv({ ...production, DATA_DIR: dir, DATABASE_URL: postgres, INSTANCE_COUNT: '4', S3_BUCKET: 'refeed' }))).toBeNull();
    // The embedded database is one instance by nature; development and `npm start` with nothing set start as before.
    expect(instanceLayoutRefusal(parseEnv({ ...production, DATA_DIR: dir }))).toBeNull();
    expect(instanceLayoutRefusal(parseEnv({ DATA_DIR: dir }))).toBeNull();
    expect(instanceLayoutRefusal(parseEnv({ DATA_DIR: dir, DATABASE_URL: postgres }))).toBeNull();
  });
});
