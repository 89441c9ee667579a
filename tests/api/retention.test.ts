import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { customers, feedbacks, visits } from '../../src/server/db/schema';
import { runRetention } from '../../src/server/features/retention/retention.service';
import { clock } from '../../src/server/lib/runtime/clock';
import { parseEnv } from '../../src/server/env';
import { mentions } from '../support/table-scan';
import { createDinerRestaurant, createVisitor, letters, useDinerSmtpContext } from './diner-support';

// The reminder leaves through SMTP (the dev outbox would keep the address): after anonymisation no
// table of the database holds the diner's address, name or comment.
const { ctx, smtp } = useDinerSmtpContext();
afterEach(() => clock.reset());

const DAY = 24 * 3600 * 1000;
const T0 = new Date('2022-01-10T10:00:00Z');
const YEARS_3 = new Date('2025-01-10T10:00:00Z');
const REMINDER_DAY = new Date('2024-12-10T10:00:00Z');
const remindersTo = (email: string) => smtp.received.filter((mail) => mail.envelope.to.includes(email) && (mail.parsed.subject ?? '').startsWith('Souhaitez-vous rester membre ?'));

describe('retention: diners inactive for the retention period are anonymised (decision 045)', () => {
  it('3 years − 1 day kept, 3 years + 1 day anonymised; one reminder a month before to those with consent; “Je reste membre” keeps a diner', async () => {
    const { restaurant, mainQr } = await createDinerRestaurant(ctx, { name: 'Le Vieux Comptoir' });
    const tag = letters(8);
    const make = async (name: string, values: Partial<typeof customers.$inferInsert>) => {
      const [row] = await ctx.db
        .insert(customers)
        .values({ restaurantId: restaurant.id, firstName: `${name}${tag}`, lastVisitAt: T0, createdAt: T0, points: 40, ...values })
        .returning();
      return row;
    };
    const consenting = await make('Lea', { email: `lea-${tag}@example.fr`, phone: '+33 6 12 34 56 78', marketingConsent: true, anonId: crypto.randomUUID() });
    const silent = await make('Marc', { email: `marc-${tag}@example.fr`, marketingConsent: false });
    const anonymous = await make('', { firstName: null, anonId: crypto.randomUUID() });
    const staying = await make('Nina', { email: `nina-${tag}@example.fr`, marketingConsent: true });
    const recent = await make('Omar', { email: `omar-${tag}@example.fr`, marketingConsent: true, lastVisitAt: new Date('2023-06-01T10:00:00Z') });
    const comment = `Souvenir ${letters(10)}`;
    const [visit] = await ctx.db.insert(visits).values({ restaurantId: restaurant.id, customerId: consenting.id, qrCodeId: mainQr.id, createdAt: T0, userAgent: 'Mozilla/5.0 test' }).returning();
    await ctx.db.insert(feedbacks).values({ restaurantId: restaurant.id, customerId: consenting.id, visitId: visit.id, rating: 5, comment, createdAt: T0 });

    // Just before the reminder is due: nothing.
    clock.freeze(new Date(REMINDER_DAY.getTime() - DAY));
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 0, anonymized: 0 });

    // A month before: the consenting diners get 'Souhaitez-vous rester membre ?', once.
    clock.freeze(new Date(REMINDER_DAY.getTime() + DAY));
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 2, anonymized: 0 });
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 0, anonymized: 0 });
    await smtp.waitFor((mail) => mail.envelope.to.includes(consenting.email!));
    const ninaMail = await smtp.waitFor((mail) => mail.envelope.to.includes(staying.email!));
    await ctx.waitForIdleQueue();
    expect(ninaMail.parsed.subject).toBe('Souhaitez-vous rester membre ? – Le Vieux Comptoir');
    expect(ninaMail.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:3000\/u\//m);

    // Nina clicks 'Je reste membre': the page asks (GET), the button counts as activity (POST).
    const stayUrl = new URL(/href="([^"]*\/rester\/[^"]+)"/.exec(String(ninaMail.parsed.html))![1]);
    const browser = createVisitor(ctx);
    const shown = await browser.get(stayUrl.pathname);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('Je reste membre');
    const [untouched] = await ctx.db.select().from(customers).where(eq(customers.id, staying.id));
    expect(untouched.lastActiveAt).toBeNull();
    const stayed = await browser.agent.request(stayUrl.pathname, { method: 'POST' });
    expect(stayed.status).toBe(200);
    expect(await stayed.text()).toContain('vous restez membre');
    expect((await browser.get(`/rester/${staying.id}.forgedforgedforgedforgedforged12`)).status).toBe(404);

    // 3 years − 1 day: everybody is kept.
    clock.freeze(new Date(YEARS_3.getTime() - DAY));
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 0, anonymized: 0 });

    // 3 years + 1 day: Léa (reminded a month ago), Marc (no consent, no reminder) and the anonymous device are anonymised.
    clock.freeze(new Date(YEARS_3.getTime() + DAY));
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 0, anonymized: 3 });
    await ctx.waitForIdleQueue();
    const rows = new Map((await ctx.db.select().from(customers).where(eq(customers.restaurantId, restaurant.id))).map((row) => [row.id, row]));
    for (const gone of [consenting, silent, anonymous]) {
      expect(rows.get(gone.id)).toMatchObject({ firstName: null, lastName: null, email: null, phone: null, anonId: null, marketingConsent: false, anonymizedAt: expect.any(Date) });
    }
    // The counts stay for the statistics: the nameless record, its points, its visit and rating (without the comment).
    expect(rows.get(consenting.id)!.points).toBe(40);
    const [kept] = await ctx.db.select().from(feedbacks).where(eq(feedbacks.customerId, consenting.id));
    expect(kept).toMatchObject({ rating: 5, comment: null });
    expect(await ctx.db.select().from(visits).where(eq(visits.customerId, consenting.id))).toHaveLength(1);
    // Kept: Nina (stayed) and Omar (visited in 2023).
    expect(rows.get(staying.id)).toMatchObject({ email: staying.email, anonymizedAt: null });
    expect(rows.get(recent.id)).toMatchObject({ email: recent.email, anonymizedAt: null });
    // Nothing of Léa is left anywhere: address, name, phone, comment (email logs, send keys, jobs included).
    expect({
      email: await mentions(ctx.db, consenting.email!),
      name: await mentions(ctx.db, consenting.firstName!),
      phone: await mentions(ctx.db, '+33 6 12 34 56 78'),
      comment: await mentions(ctx.db, comment),
    }).toEqual({ email: {}, name: {}, phone: {}, comment: {} });
    // One reminder each, whatever the number of runs.
    expect(remindersTo(consenting.email!)).toHaveLength(1);
    expect(remindersTo(staying.email!)).toHaveLength(1);
    expect(remindersTo(silent.email!)).toHaveLength(0);
    // A later run has nothing left to do.
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 0, anonymized: 0 });
  }, 60_000);

  it('is a nightly pg-boss schedule, and the period is a setting (DINER_RETENTION_MONTHS, 36 by default)', async () => {
    const [schedule] = await queryRows<{ cron: string; timezone: string | null }>(ctx.db, sql`select cron, timezone from pgboss.schedule where name = 'retention.anonymize-inactive'`);
    expect(schedule).toMatchObject({ cron: '0 4 * * *', timezone: 'Europe/Paris' });
    expect(parseEnv({ NODE_ENV: 'test' }).DINER_RETENTION_MONTHS).toBe(36);
    expect(parseEnv({ NODE_ENV: 'test', DINER_RETENTION_MONTHS: '24' }).DINER_RETENTION_MONTHS).toBe(24);
    expect(() => parseEnv({ NODE_ENV: 'test', DINER_RETENTION_MONTHS: '0' })).toThrow(/DINER_RETENTION_MONTHS/);
  });
});
