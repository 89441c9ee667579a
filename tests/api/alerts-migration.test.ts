import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automations } from '../../src/server/db/schema';
import { DEFAULT_AUTOMATIONS, insertDefaultAutomations } from '../../src/server/email/default-automations';
import { customMigrationStatements } from '../support/migrations';
import { createRestaurant } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

/**
 * Migration 0013 (hand-written) (decisions 036, 037), run again on restaurants shaped as before it:
 * the previous default alert (untouched, or edited by its owner) and no weekly digest. Its own database.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
});
afterAll(async () => {
  await ctx.close();
});

const paragraph = (text: string) => `<p>${text}</p>`;
/** The alert every restaurant got before grouping (the previous default, word for word). */
const PREVIOUS_ALERT = {
  delay_minutes: 0,
  subject: 'Avis à surveiller : {{rating}}/5 — {{restaurant_name}}',
  html: [
    paragraph('Bonjour,'),
    paragraph('Un client{{#first_name}} ({{first_name}}){{/first_name}} vient de laisser une note de {{rating}}/5 le {{created_at}}.'),
    '{{#comment}}',
    paragraph('Son commentaire : « {{comment}} »'),
    '{{/comment}}',
    paragraph('Prenez contact avec lui rapidement pour comprendre ce qui n’a pas fonctionné.'),
    // The button as layout.ts wrote it then (its Outlook-proof form came later, issue 28).
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0"><tr><td style="background-color:#c2410c;border-radius:8px"><a href="{{admin_feedback_url}}" style="display:inline-block;padding:12px 20px;font-family:Arial,Helvetica,sans-serif;font-size:16px;color:#ffffff;text-decoration:none;font-weight:bold">Voir sa fiche client</a></td></tr></table>',
  ].join('\n'),
};

async function restaurantAsBefore(alertConfig: typeof PREVIOUS_ALERT) {
  const restaurant = await createRestaurant(ctx);
  await insertDefaultAutomations(ctx.db, restaurant.id);
  await ctx.db.delete(automations).where(and(eq(automations.restaurantId, restaurant.id), eq(automations.key, 'weekly_digest')));
  await ctx.db.update(automations).set({ config: alertConfig }).where(and(eq(automations.restaurantId, restaurant.id), eq(automations.key, 'manager_alert_low_rating')));
  return restaurant;
}

const automationOf = async (restaurantId: string, key: string) =>
  (await ctx.db.select().from(automations).where(and(eq(automations.restaurantId, restaurantId), eq(automations.key, key))))[0];

describe('migration 0013 on restaurants made before grouped alerts and the digest', () => {
  it('moves an untouched alert to the new default, keeps an edited one, and gives every restaurant the digest, active', async () => {
    const untouched = await restaurantAsBefore(PREVIOUS_ALERT);
    const edited = await restaurantAsBefore({ ...PREVIOUS_ALERT, html: `${PREVIOUS_ALERT.html}<p>Merci !</p>` });
    const noAutomations = await createRestaurant(ctx);

    for (const statement of customMigrationStatements('0013_low_rating_alerts.sql')) await ctx.db.execute(sql.raw(statement));
    // Run twice (a retried deploy): nothing changes the second time.
    for (const statement of customMigrationStatements('0013_low_rating_alerts.sql')) await ctx.db.execute(sql.raw(statement));

    const newAlert = DEFAULT_AUTOMATIONS.find((automation) => automation.key === 'manager_alert_low_rating')!;
    const digest = DEFAULT_AUTOMATIONS.find((automation) => automation.key === 'weekly_digest')!;
    expect((await automationOf(untouched.id, 'manager_alert_low_rating')).config).toEqual(newAlert.config);
    expect((await automationOf(edited.id, 'manager_alert_low_rating')).config.html).toContain('Merci !');
    for (const restaurant of [untouched, edited]) {
      expect(await automationOf(restaurant.id, 'weekly_digest')).toMatchObject({ status: 'active', name: digest.name, config: digest.config });
    }
    // A restaurant without automations gets all the defaults when /automations first opens (as before).
    expect(await automationOf(noAutomations.id, 'weekly_digest')).toBeUndefined();
  });
});
