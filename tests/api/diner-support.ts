import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { customers, loyaltyRules, rewards, qrCodes } from '../../src/server/db/schema';
import { createRestaurant } from '../support/factories';
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
