import { randomBytes, randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { customers, loyaltyRules, rewards, qrCodes } from '../../src/server/db/schema';
import { clock } from '../../src/server/lib/runtime/clock';
import { createRestaurant } from '../support/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createTestContext, findLinkInMail, type TestContext } from '../support/test-app';

/**
 * createTestContext, plus an error listener on the PostgreSQL pool: the harness drops the database
 * right after pool.end(), and a backend terminated in that instant ('57P01') would otherwise surface
 * as an uncaught error that fails the run although every test passed.
 */
export async function createDinerTestContext(options?: Parameters<typeof createTestContext>[0]): Promise<TestContext> {
  const ctx = await createTestContext(options);
  if (ctx.database.kind === 'postgres') ctx.database.pool.on('error', () => undefined);
  return ctx;
}

/**
 * Registers a beforeAll that makes the file's fixtures with `make` and an afterAll that closes them, and
 * returns stand-ins for those named in `keys`: each property read or call reaches the current one. Use the stand-ins inside
 * tests and hooks (before the beforeAll has run, they throw).
 */
function useFixtures<T extends Record<string, object>>(keys: Array<keyof T & string>, make: () => Promise<T>, close: (made: T) => Promise<void>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  }, 120_000);
  afterAll(async () => {
    if (made) await close(made);
    made = undefined;
  });
  const standIn = (key: keyof T) =>
    new Proxy({} as object, {
      get(_, property) {
        if (!made) throw new Error(`${String(key)}.${String(property)} read before the file's beforeAll made it`);
        const value = Reflect.get(made[key], property) as unknown;
        return typeof value === 'function' ? value.bind(made[key]) : value;
      },
    });
  return Object.fromEntries(keys.map((key) => [key, standIn(key)])) as T;
}

/**
 * The file's app on its own database (createDinerTestContext), made before its tests and closed after them;
 * the clock is put back after each test. Call it once, at the file's top level.
 */
export function useDinerContext(options: Parameters<typeof createTestContext>[0] = {}): TestContext {
  afterEach(() => clock.reset());
  return useFixtures(
    ['ctx'],
    async () => ({ ctx: await createDinerTestContext(options) }),
    ({ ctx }) => ctx.close(),
  ).ctx;
}

/**
 * The same with mail leaving over SMTP to a real mailbox on loopback (`smtp`): `options` may name more
 * settings (`env`, merged over `SMTP_URL`), limits or `startWorkers`.
 */
export function useDinerSmtpContext(options: Parameters<typeof createTestContext>[0] = {}): { ctx: TestContext; smtp: TestSmtpServer } {
  return useFixtures(
    ['ctx', 'smtp'],
    async () => {
      const smtp = await startTestSmtpServer();
      try {
        return { smtp, ctx: await createDinerTestContext({ ...options, env: { SMTP_URL: smtp.url, ...options.env } }) };
      } catch (error) {
        await smtp.close();
        throw error;
      }
    },
    async ({ ctx, smtp }) => {
      await ctx.close();
      await smtp.close();
    },
  );
}

/** `length` random lowercase letters: a unique part of a test's email address or name. */
export const letters = (length: number) => Array.from(randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

/** A random client address, so each test has its own per-IP rate-limit window. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A diner's browser: keeps the rf_tid cookie and calls from one IP. */
export function createVisitor(ctx: TestContext, ip = randomIp()) {
  const agent = ctx.agent();
  const headers = { 'x-forwarded-for': ip };
  return {
    agent,
    ip,
    get: (path: string) => agent.get(path, { headers }),
    post: (path: string, json?: unknown) => agent.post(path, json, { headers }),
    submit: (body: Record<string, unknown>) => agent.post('/api/public/feedbacks', { submissionId: crypto.randomUUID(), ...body }, { headers }),
  };
}

/**
 * An approved restaurant with its main QR, a table QR and the demo reward catalogue (50 and 100, one
 * inactive at 60). Most tests rate several times from one device to check points, so the interval
 * between two earning visits is 0 unless `earningIntervalHours` is given (the interval has its own tests).
 */
export async function createDinerRestaurant(ctx: TestContext, options: Parameters<typeof createRestaurant>[1] & { earningIntervalHours?: number } = {}) {
  const restaurant = await createRestaurant(ctx, options);
  await ctx.db.update(loyaltyRules).set({ earningIntervalHours: options.earningIntervalHours ?? 0 }).where(eq(loyaltyRules.restaurantId, restaurant.id));
  const [main, table] = await ctx.db
    .insert(qrCodes)
    .values([
      { restaurantId: restaurant.id, code: `${restaurant.id.slice(0, 8)}-main`, tableLabel: 'Main entrance', slug: 'main-entrance', isPrimary: true },
      { restaurantId: restaurant.id, code: `${restaurant.id.slice(0, 8)}-t1`, tableLabel: 'Table 1', slug: 'table-1' },
    ])
    .returning();
  await ctx.db.insert(rewards).values([
    { restaurantId: restaurant.id, label: 'Café offert', cost: 50 },
    { restaurantId: restaurant.id, label: 'Apéritif maison', cost: 60, isActive: false },
    { restaurantId: restaurant.id, label: 'Dessert offert', cost: 100 },
  ]);
  return { restaurant, mainQr: main, tableQr: table };
}

/** Asks to link the visitor's points to `email`, then opens the emailed confirmation link; returns the confirm answer. */
export async function linkEmailAndConfirm(ctx: TestContext, visitor: ReturnType<typeof createVisitor>, body: Record<string, unknown> & { email: string }) {
  const before = new Set((await ctx.mails(body.email.toLowerCase())).map((mail) => mail.id));
  const asked = await visitor.post('/api/public/link-email', body);
  if (asked.status !== 200) throw new Error(`link-email answered ${asked.status}`);
  const mail = await ctx.waitForMail((m) => m.toEmail === body.email.toLowerCase() && m.html.includes('?link=') && !before.has(m.id));
  const token = new URL(findLinkInMail(mail.html, '/f/')).searchParams.get('link')!;
  return { token, response: await visitor.post('/api/public/link-email/confirm', { token }) };
}

/**
 * A diner's browser that already confirmed `email` at this restaurant (the link was opened earlier): its
 * rf_tid cookie belongs to the customer with that address, so the form's email is its own, not a claim.
 */
export async function createConfirmedVisitor(
  ctx: TestContext,
  restaurantId: string,
  email: string,
  customer: Partial<Pick<typeof customers.$inferInsert, 'firstName' | 'lastName' | 'points' | 'marketingConsent'>> = {},
  ip = randomIp(),
) {
  const visitor = createVisitor(ctx, ip);
  const answer = await visitor.get(`/api/public/restaurants/${restaurantId}/anonymous-points`);
  if (answer.status !== 200) throw new Error(`anonymous-points answered ${answer.status}`);
  const anonId = visitor.agent.cookies.get('rf_tid')!;
  return Object.assign(visitor, { anonId, customerId: await confirmDevice(ctx, restaurantId, anonId, email, customer) });
}

/** Gives the device `anonId` the customer with `email` (created when missing), as an opened confirmation link would. */
export async function confirmDevice(
  ctx: TestContext,
  restaurantId: string,
  anonId: string,
  email: string,
  customer: Partial<Pick<typeof customers.$inferInsert, 'firstName' | 'lastName' | 'points' | 'marketingConsent'>> = {},
): Promise<string> {
  const [existing] = await ctx.db.select({ id: customers.id }).from(customers).where(and(eq(customers.restaurantId, restaurantId), eq(customers.email, email.toLowerCase())));
  if (existing) {
    await ctx.db.update(customers).set({ anonId: null }).where(and(eq(customers.restaurantId, restaurantId), eq(customers.anonId, anonId)));
    await ctx.db.update(customers).set({ anonId, ...customer }).where(eq(customers.id, existing.id));
    return existing.id;
  }
  const [row] = await ctx.db.insert(customers).values({ restaurantId, anonId, email: email.toLowerCase(), ...customer }).returning();
  return row.id;
}
