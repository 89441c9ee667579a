import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DINER_RETENTION_MONTHS } from '../shared/rules/retention';

/** The default sender: mail from it reads as unconfigured and lands in spam. */
export const DEFAULT_MAIL_FROM = 'ReFeed <no-reply@refeed.local>';

/**
 * The only reader of process.env. Parsed once; a bad variable stops the start with a list of
 * every problem. Nothing else in the code base may touch process.env.
 */
const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    /** 1: production accepts an http PUBLIC_URL (an internal test without TLS); otherwise it must be https. */
    ALLOW_HTTP_PUBLIC_URL: z.enum(['0', '1']).default('0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    /** outbox: keep mails in the database (read at /dev/mailbox outside production). Production must say so explicitly. */
    MAIL_MODE: z.enum(['smtp', 'outbox']).optional(),
    MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
    DKIM_DOMAIN: z.string().optional(),
    DKIM_SELECTOR: z.string().optional(),
    DKIM_PRIVATE_KEY: z.string().optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('auto'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PUBLIC_URL: z.url().optional(),
    GOOGLE_PLACES_API_KEY: z.string().optional(),
    /** Where Google Places Text Search is called (tests point it to a local fake server). */
    GOOGLE_PLACES_BASE_URL: z.url().default('https://maps.googleapis.com'),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SUPPORT_EMAIL: z.email().default('support@refeed.fr'),
    /** Where the built client is served from (default dist/client); the browser tests use a private build. */
    CLIENT_DIST_DIR: z.string().optional(),
    /** Reverse proxies in front of the server that append to X-Forwarded-For; 0 = none, use the socket address. */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `off`: this instance queues jobs (emails, housekeeping) but runs none; another instance with `on` runs them. */
    JOB_WORKERS: z.enum(['on', 'off']).default('on'),
    /**
     * 1 (default): the instance applies the pending migrations at start, under a PostgreSQL advisory lock
     * (any number of instances may start together). 0: it does not; until `npm run migrate` has brought the
     * schema to this version it answers 503 and its readiness names the migration it waits for (decision 078).
     */
    MIGRATE_ON_START: z.enum(['0', '1']).default('1'),
    /**
     * How many instances serve behind the balancer (decision 078). The public reads' limits, counted in each
     * instance, are divided by it; the connection budget printed at start is multiplied by it. Production on
     * PostgreSQL with uploads on the local disk (no S3_BUCKET) starts only with INSTANCE_COUNT=1.
     */
    INSTANCE_COUNT: z.coerce.number().int().min(1).max(64).optional(),
    /**
     * After SIGTERM, how long the instance keeps serving while its readiness answers 503, before it stops
     * listening (decision 078): the balancer's check interval × its fall count. 0: it stops listening at once.
     */
    DRAIN_NOTICE_SECONDS: z.coerce.number().min(0).max(60).default(0),
    /**
     * How long a due job may wait, at most, while live requests saturate this instance (decision 023);
     * 0: jobs never wait. At most 20: a waiting job is already claimed and expires 30 s after.
     */
    JOB_YIELD_SECONDS: z.coerce.number().int().min(0).max(20).default(10),
    /**
     * How long a diner's data is kept without activity (no visit, no 'Je reste membre'), in months; then
     * the retention job anonymises it, after a last email a month before to those with consent (decision 045).
     */
    DINER_RETENTION_MONTHS: z.coerce.number().int().min(2).max(120).default(DEFAULT_DINER_RETENTION_MONTHS),
    /**
     * 1: webhook endpoints may be loopback or private addresses (tests and local development: a receiver on
     * 127.0.0.1). Refused in production: there only public addresses are reached (decision 059).
     */
    WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
    /** Stripe's secret API key (sk_live_… or sk_test_…): with STRIPE_WEBHOOK_SECRET, /abonnement sells online (decision 092). */
    STRIPE_SECRET_KEY: z.string().min(8).optional(),
    /** The signing secret of the Stripe webhook endpoint (whsec_…) that points at /api/billing/stripe-webhook. */
    STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
    /** Where the Stripe API is called (tests point it to the fake Stripe server of tests/support). */
    STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
    /** The seller's mentions on Stripe's invoices and the legal notice (decision 094): legal name, SIREN, VAT number, registered address. */
    OPERATOR_LEGAL_NAME: z.string().min(2).default('ReFeed SAS'),
    OPERATOR_SIREN: z.string().regex(/^\d{9}$/, 'must be 9 digits').optional(),
    OPERATOR_VAT_NUMBER: z.string().min(4).optional(),
    OPERATOR_ADDRESS: z.string().min(5).optional(),
    /** The share capital and the RCS registration the legal notice publishes (« SAS au capital de 10 000 € », « RCS Paris 123 456 789 »). */
    OPERATOR_CAPITAL: z.string().min(1).optional(),
    OPERATOR_RCS: z.string().min(3).optional(),
    /** The host's name and address, on the legal notice. */
    OPERATOR_HOST: z.string().min(3).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && env.WEBHOOK_ALLOW_PRIVATE === '1') {
      ctx.addIssue({ code: 'custom', path: ['WEBHOOK_ALLOW_PRIVATE'], message: 'is refused in production: webhooks reach public addresses only' });
    }
    if (env.JOB_WORKERS === 'off' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['JOB_WORKERS'],
        message: 'off needs DATABASE_URL: on the embedded database this is the only instance, so no other would send the emails',
      });
    }
    if (env.MIGRATE_ON_START === '0' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MIGRATE_ON_START'],
        message: '0 needs DATABASE_URL: the embedded database is this process’s own, nothing else could migrate it',
      });
    }
    if ((env.INSTANCE_COUNT ?? 1) > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['INSTANCE_COUNT'],
        message: 'above 1 needs DATABASE_URL: the embedded database is one process’s folder, one instance only',
      });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && env.PUBLIC_URL && !/^https:\/\//i.test(env.PUBLIC_URL) && env.ALLOW_HTTP_PUBLIC_URL !== '1') {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'must be an https:// address in production (links and List-Unsubscribe in emails use it); set ALLOW_HTTP_PUBLIC_URL=1 only for an internal test',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.MAIL_MODE !== 'outbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production: without it no mail leaves the server (set MAIL_MODE=outbox to accept that on purpose)',
      });
    }
    if (env.MAIL_MODE === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_MODE'], message: 'smtp needs SMTP_URL' });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together' });
    }
    const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY].filter(Boolean).length;
    if (dkim !== 0 && dkim !== 3) {
      ctx.addIssue({ code: 'custom', path: ['DKIM_DOMAIN'], message: 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together' });
    }
  });

export type Env = z.infer<typeof ZEnv> & { PUBLIC_URL: string; AUTH_SECRET: string; DATA_DIR: string };

export class EnvError extends Error {}

/** Parses an environment (process.env by default) into a typed, complete configuration. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "unset": a blank line in a .env file must not fail validation.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZEnv.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    AUTH_SECRET: env.AUTH_SECRET ?? readOrCreateLocalSecret(dataDir),
  };
}

/** Outside production a missing AUTH_SECRET is generated once and kept in the data folder. */
function readOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * What in the mail settings hurts delivery without stopping the start: the default sender, no DKIM
 * signature. Production logs them at start and the admin console shows them (decision 042).
 */
export function mailSettingWarnings(env: Pick<Env, 'NODE_ENV' | 'MAIL_FROM' | 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY'>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (env.MAIL_FROM === DEFAULT_MAIL_FROM) {
    warnings.push('MAIL_FROM est l’expéditeur par défaut (no-reply@refeed.local) : les emails risquent d’arriver en spam. Indiquez une adresse de votre domaine.');
  }
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY) {
    warnings.push('DKIM n’est pas configuré (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY) : les emails ne sont pas signés et risquent d’être refusés ou classés en spam.');
  }
  return warnings;
}

/**
 * Why this server must not start as configured, or null: production on PostgreSQL (where several instances
 * can share the database) keeping uploads on the local disk, unless INSTANCE_COUNT=1 says this is the only
 * instance: with two, a logo uploaded through one exists on that one only. The embedded database is one
 * instance by nature (its folder is locked). Checked by the server's start, not by the scripts.
 */
export function instanceLayoutRefusal(env: Pick<Env, 'NODE_ENV' | 'DATABASE_URL' | 'S3_BUCKET' | 'INSTANCE_COUNT' | 'DATA_DIR'>): string | null {
  if (env.NODE_ENV !== 'production' || !env.DATABASE_URL || env.S3_BUCKET || env.INSTANCE_COUNT === 1) return null;
  const disk = path.join(env.DATA_DIR, 'storage');
  if (env.INSTANCE_COUNT) {
    return `Invalid configuration:\n  - S3_BUCKET: is required with INSTANCE_COUNT=${env.INSTANCE_COUNT}: uploads (logos, images) would be written to ${disk} on each machine, and an image uploaded through one instance would be missing on the others`;
  }
  return `Invalid configuration:\n  - S3_BUCKET: is required in production on PostgreSQL, where several instances may serve: uploads would be written to ${disk} on this machine only. Set S3_BUCKET, or INSTANCE_COUNT=1 if this is the only instance`;
}

/** Describes the database for logs without ever printing a password. */
export function describeDatabase(env: Env): string {
  if (!env.DATABASE_URL) return `embedded PGlite at ${path.join(env.DATA_DIR, 'pg')}`;
  const url = new URL(env.DATABASE_URL);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}
