import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInPage } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser, waitForToastsGone } from './support/browser';
import { fail, waitUntil } from '../support/wait';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
// The demo owner's organisation is Premium: the API and webhooks are included.
const owner = inject('e2eOwner');

type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let receiver: Server;
let hookUrl: string;

beforeAll(async () => {
  // A local receiver on 127.0.0.1: the e2e server reaches it only through its explicit test option (WEBHOOK_ALLOW_PRIVATE=1).
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/panne') return void response.writeHead(500, { 'content-type': 'text/plain' }).end('panne');
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"reçu":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/refeed`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

async function expectNoSeriousAxeViolation(page: Page) {
  await waitForToastsGone(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
}

describe('/developpeurs/webhooks', () => {
  it('a Premium propriétaire adds an endpoint, sees its secret once, and a diner’s rating arrives signed and is listed with its attempt (1280 and 390 px)', { timeout: 240_000 }, async () => {
    const page = await signInPage(browser, baseUrl, DESKTOP, owner);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const restaurant = (await (await page.request.get(`${baseUrl}/api/owner/restaurant`, { headers: { origin: baseUrl } })).json()) as { id: string };

    await page.goto(`${baseUrl}/developpeurs/webhooks`);
    await page.getByRole('heading', { name: 'Vos webhooks' }).waitFor();
    await page.getByRole('button', { name: 'Ajouter un point de terminaison' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Adresse (URL)').fill('pas une adresse');
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await page.getByText('Saisissez une adresse valide, commençant par https://.').first().waitFor();
    await dialog.getByLabel('Adresse (URL)').fill(hookUrl);
    await dialog.getByLabel('Description (facultative)').fill('Logiciel de caisse');
    await dialog.getByLabel(/Avis négatif/).check();
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    const secretBox = dialog.getByTestId('webhook-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await saveScreenshot(page, 'webhooks-secret-1280');
    await dialog.getByRole('button', { name: 'J’ai copié le secret' }).click();
    const list = page.getByRole('list', { name: 'Points de terminaison' });
    await list.getByText(hookUrl).waitFor();
    expect(await list.getByText('Actif').count()).toBe(1);
    // The secret is not shown again.
    expect(await page.getByText(secret).count()).toBe(0);
    await expectNoSeriousAxeViolation(page);
    await saveScreenshot(page, 'webhooks-1280');

    // A diner rates 2★ through the public API: feedback.created and feedback.low_rating arrive, signed.
    const ip = `10.31.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
    const rated = await fetch(`${baseUrl}/api/public/feedbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': ip },
      body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId: restaurant.id, rating: 2, comment: 'Service lent' }),
    });
    expect(rated.status).toBe(200);
    await waitUntil(async () => received.length >= 2, { timeoutMs: 30_000, onTimeout: fail(() => `the receiver got ${received.length} request(s)`) });
    const types = received.map((request) => {
      const event = new Webhook(secret).verify(request.body, {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      }) as { type: string; data: { comment: string } };
      expect(event.data.comment).toBe('Service lent');
      return event.type;
    });
    expect(types.sort()).toEqual(['feedback.created', 'feedback.low_rating']);

    // The endpoint's page lists the deliveries; one expands to its attempt.
    await page.reload();
    await list.getByText(hookUrl).click();
    await page.getByRole('heading', { name: 'Point de terminaison' }).waitFor();
    const deliveries = page.getByRole('list', { name: 'Envois' });
    await deliveries.getByText('Avis négatif').waitFor();
    expect(await deliveries.getByText('Réussie').count()).toBeGreaterThanOrEqual(2);
    // « Envoyer un test »: one more delivery, listed as such.
    await page.getByRole('button', { name: 'Envoyer un test' }).click();
    await page.getByText('Événement de test envoyé').waitFor();
    await waitUntil(async () => received.length >= 3, { timeoutMs: 30_000, onTimeout: fail(() => 'the test event did not arrive') });
    await page.getByRole('button', { name: 'Actualiser' }).click();
    await deliveries.getByText('Événement de test').waitFor();
    await deliveries.getByText('Avis négatif').click();
    const attempts = page.getByRole('list', { name: 'Tentatives' });
    await attempts.getByText('HTTP 200').waitFor();
    await attempts.getByText('{"reçu":true}').waitFor();
    await expectNoSeriousAxeViolation(page);
    await saveScreenshot(page, 'webhook-endpoint-1280');

    // 390 px: the same pages render.
    const phone = await signInPage(browser, baseUrl, PHONE, owner);
    await phone.goto(`${baseUrl}/developpeurs/webhooks`);
    await phone.getByRole('list', { name: 'Points de terminaison' }).getByText(hookUrl).waitFor();
    await saveScreenshot(phone, 'webhooks-390');
    await phone.getByRole('list', { name: 'Points de terminaison' }).getByText(hookUrl).click();
    await phone.getByRole('list', { name: 'Envois' }).getByText('Avis négatif').waitFor();
    await phone.getByRole('list', { name: 'Envois' }).getByText('Avis négatif').click();
    await phone.getByRole('list', { name: 'Tentatives' }).getByText('HTTP 200').waitFor();
    await saveScreenshot(phone, 'webhook-endpoint-390');
    await phone.close();

    // Deleting asks first, then the demo organisation is left without the endpoint.
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('heading', { name: 'Vos webhooks' }).waitFor();
    await page.getByText('Aucun point de terminaison').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an endpoint failing 5 times in a row is shown « En pause » with when it resumes (circuit breaker, decision 077; 1280 and 390 px)', { timeout: 240_000 }, async () => {
    const page = await signInPage(browser, baseUrl, DESKTOP, owner);
    const headers = { origin: baseUrl };
    const restaurant = (await (await page.request.get(`${baseUrl}/api/owner/restaurant`, { headers })).json()) as { id: string };
    const created = await page.request.post(`${baseUrl}/api/webhooks`, { headers, data: { url: hookUrl.replace('/refeed', '/panne'), events: ['feedback.created'], description: 'Serveur en panne' } });
    expect(created.status()).toBe(201);
    const { endpoint } = (await created.json()) as { endpoint: { id: string } };
    for (let n = 0; n < 5; n++) {
      const rated = await fetch(`${baseUrl}/api/public/feedbacks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': `10.32.${n}.${1 + (randomBytes(1)[0] % 250)}` },
        body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId: restaurant.id, rating: 4 }),
      });
      expect(rated.status).toBe(200);
    }
    await waitUntil(async () => ((await (await page.request.get(`${baseUrl}/api/webhooks/${endpoint.id}`, { headers })).json()) as { pausedUntil: string | null }).pausedUntil, {
      timeoutMs: 60_000,
      onTimeout: fail(() => 'the endpoint was not paused'),
    });
    await page.goto(`${baseUrl}/developpeurs/webhooks`);
    await page.getByRole('list', { name: 'Points de terminaison' }).getByText('En pause', { exact: true }).waitFor();
    await page.goto(`${baseUrl}/developpeurs/webhooks/${endpoint.id}`);
    await page.getByText(/En pause jusqu’au .* après 5 échecs d’affilée/).waitFor();
    await expectNoSeriousAxeViolation(page);
    await saveScreenshot(page, 'webhook-endpoint-paused-1280');
    const phone = await signInPage(browser, baseUrl, PHONE, owner);
    await phone.goto(`${baseUrl}/developpeurs/webhooks/${endpoint.id}`);
    await phone.getByText(/En pause jusqu’au/).waitFor();
    await saveScreenshot(phone, 'webhook-endpoint-paused-390');
    await phone.close();
    expect((await page.request.delete(`${baseUrl}/api/webhooks/${endpoint.id}`, { headers })).status()).toBe(200);
    await page.close();
  });
});

