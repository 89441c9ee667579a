import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signIn } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { readMailbox as readOutbox, type Mail } from './support/mailbox';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.fr`;
const readMailbox = (to: string) => readOutbox(baseUrl, to);

async function signInDemoOwner(viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage(viewport);
  await signIn(page, baseUrl, owner);
  return page;
}

async function openAutomations(page: Page): Promise<Locator> {
  await page.goto(`${baseUrl}/automations`);
  const card = page.locator('[data-testid="automation-card"][data-key="thanks_after_visit"]');
  await card.waitFor();
  return card;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

describe('/automations', () => {
  it('edits a subject, lists the versions and restores the earlier one', async () => {
    const page = await signInDemoOwner(DESKTOP);
    const card = await openAutomations(page);
    const subjectLine = card.getByTestId('automation-subject');
    // The list shows the subject as diners read it: the restaurant's name, no raw {{variables}}.
    const before = (await subjectLine.textContent())!;
    expect(before).toContain('Chez Demo');
    expect(before).not.toContain('{{');
    const essai = `essai ${randomBytes(2).toString('hex')}`;
    const edited = `Merci {{first_name}} (${essai})`;

    await card.getByRole('button', { name: 'Modifier' }).click();
    const dialog = page.getByRole('dialog');
    const beforeTemplate = await dialog.getByLabel('Objet').inputValue();
    await dialog.getByLabel('Objet').fill(edited);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Automation mise à jour').waitFor();
    await expect.poll(() => subjectLine.textContent()).toBe(`Merci Camille (${essai})`);

    await card.getByRole('button', { name: 'Versions' }).click();
    const versions = page.getByRole('dialog');
    await versions.getByTestId('automation-version').first().waitFor();
    expect(await versions.getByTestId('automation-version').count()).toBeGreaterThanOrEqual(2);
    // Newest first: the edit is the current version, its subject shown with a sandboxed preview.
    expect(await versions.getByTestId('version-subject').textContent()).toBe(edited);
    expect(await versions.locator('iframe').getAttribute('sandbox')).toBe('');
    await versions.getByTestId('automation-version').nth(1).click();
    expect(await versions.getByTestId('version-subject').textContent()).toBe(beforeTemplate);
    await versions.getByRole('button', { name: 'Restaurer cette version' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restaurer' }).click();
    await toast(page, 'Version restaurée').waitFor();
    await expect.poll(() => subjectLine.textContent()).toBe(before);
    // The restore is itself a new version, now the current one.
    await expect.poll(async () => await versions.getByTestId('version-subject').textContent()).toBe(beforeTemplate);
    await versions.getByRole('button', { name: 'Version actuelle' }).waitFor();
  });

  it('sends a test email that arrives in the outbox and shows in the last sends', async () => {
    const page = await signInDemoOwner(PHONE);
    const card = await openAutomations(page);
    await card.getByRole('button', { name: 'Envoyer un test' }).click();
    const dialog = page.getByRole('dialog');
    // Only the restaurant's address or the member's own: no free field; the restaurant's is chosen first.
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    const choice = dialog.getByRole('radio').first();
    expect(await choice.isChecked()).toBe(true);
    const to = await choice.inputValue();
    expect(to).toMatch(/@/);
    const before = (await readMailbox(to)).length;
    await saveScreenshot(page, 'automations-test-send-phone');
    await dialog.getByRole('button', { name: 'Envoyer le test' }).click();
    await toast(page, 'Email de test envoyé avec succès').waitFor();
    await expect.poll(async () => (await readMailbox(to)).length).toBeGreaterThan(before);
    const [mail] = await readMailbox(to);
    expect(mail.subject.startsWith('[Test] ')).toBe(true);

    await card.getByTestId('last-sends').locator('summary').click();
    const sent = card.getByTestId('last-send').filter({ hasText: to }).first();
    await sent.waitFor();
    expect(await sent.getAttribute('data-status')).toBe('sent');
    expect(await sent.textContent()).toContain('Envoyé');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'automations-phone');
  });

  it('sets the sending hours of later emails: French labels, end after start, saved and shown again (390 and 1280 px)', async () => {
    for (const [viewport, name] of [
      [PHONE, 'automations-sending-hours-phone'],
      [DESKTOP, 'automations-sending-hours-desktop'],
    ] as const) {
      const page = await signInDemoOwner(viewport);
      await openAutomations(page);
      const start = page.getByLabel('À partir de');
      const end = page.getByLabel('Jusqu’à');
      await start.waitFor();
      const save = page.getByRole('button', { name: 'Enregistrer les horaires' });

      // End before start: the form says so and cannot be sent.
      await start.selectOption('18');
      await end.selectOption('9');
      await page.getByRole('alert').filter({ hasText: 'L’heure de fin doit être après l’heure de début' }).waitFor();
      expect(await save.isDisabled()).toBe(true);
      expect(await end.getAttribute('aria-invalid')).toBe('true');

      await start.selectOption('9');
      await end.selectOption('18');
      expect(await save.isDisabled()).toBe(false);
      await save.click();
      await toast(page, 'Horaires d’envoi enregistrés').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.getByRole('heading', { name: 'Horaires d’envoi' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, name);

      // Shown again after a reload, then put back to the default.
      await page.reload();
      await start.waitFor();
      expect(await start.inputValue()).toBe('9');
      expect(await end.inputValue()).toBe('18');
      await start.selectOption('10');
      await end.selectOption('19');
      await save.click();
      await toast(page, 'Horaires d’envoi enregistrés').waitFor();
      await page.close();
    }
  });

  it('unsubscribes from the link of a received marketing email', async () => {
    const page = await signInDemoOwner(DESKTOP);
    const me = (await page.evaluate(async () => (await fetch('/api/me')).json())) as { restaurants: Array<{ id: string }> };
    const restaurantId = me.restaurants[0].id;
    // A diner who consented rates from three phones, typing the email each time (a claim until confirmed):
    // opening the three confirmation links merges 60 points, which unlock 'Café offert' (50), a marketing email.
    const email = uniqueEmail('lea');
    for (let visit = 0; visit < 3; visit++) {
      const ip = `10.9.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
      const response = await fetch(`${baseUrl}/api/public/feedbacks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': ip },
        body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId, rating: 5, firstName: 'Léa', email, marketingConsent: true }),
      });
      expect(response.status).toBe(200);
    }
    let confirmations: Mail[] = [];
    await expect
      .poll(async () => (confirmations = (await readMailbox(email)).filter((mail) => mail.html.includes('?link='))).length, { timeout: 20_000 })
      .toBe(3);
    for (const mail of confirmations) {
      const token = /[?&]link=([\w-]+)/.exec(mail.html)![1];
      const confirmed = await fetch(`${baseUrl}/api/public/link-email/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ token }),
      });
      expect(confirmed.status).toBe(200);
    }
    let rewardMail: Mail | undefined;
    await expect
      .poll(async () => (rewardMail = (await readMailbox(email)).find((mail) => mail.subject.includes('récompense'))), { timeout: 20_000 })
      .toBeDefined();
    const link = /href="([^"]*\/u\/[^"]+)"/.exec(rewardMail!.html)?.[1].replaceAll('&amp;', '&');
    expect(link).toBeDefined();

    const diner = await browser.newPage(PHONE);
    await diner.goto(link!);
    await diner.getByRole('button', { name: 'Me désinscrire' }).click();
    await diner.getByText('Désinscription confirmée').first().waitFor();
    expect(new URL(diner.url()).pathname.startsWith('/u/')).toBe(true);
  });
});
