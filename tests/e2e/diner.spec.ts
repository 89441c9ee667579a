import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signInCookie } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser, waitForPageAtRest } from './support/browser';
import { readMailbox as readOutbox } from './support/mailbox';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');
let restaurantId: string;
let mainCode: string;
let mainQrId: string;

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.fr`;
const readMailbox = (to: string) => readOutbox(baseUrl, to);

/** The demo restaurant's id, read as its owner would (GET /api/me). */
async function findDemoRestaurantId(): Promise<string> {
  const cookie = await signInCookie(baseUrl, owner);
  const me = (await (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).json()) as { restaurants: Array<{ id: string; name: string }> };
  return me.restaurants.find((r) => r.name === 'Chez Demo')!.id;
}

async function rate(page: Page, stars: number) {
  await page.getByRole('radio', { name: `${stars} étoile${stars > 1 ? 's' : ''}` }).click();
}

async function openFeedbackPage(page: Page, query = `?qr=${mainQrId}&label=main-entrance`) {
  await page.goto(`${baseUrl}/f/${restaurantId}${query}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Chez Demo');
}

beforeAll(async () => {
  restaurantId = await findDemoRestaurantId();
  mainCode = `${restaurantId.slice(0, 8)}-main`;
  const lookup = (await (await fetch(`${baseUrl}/api/public/qr/${mainCode}`)).json()) as { qrId: string };
  mainQrId = lookup.qrId;
});

describe('the diner pages on a phone (390×844)', () => {
  it('rate 5 stars with an email: points, balance and the review button', async () => {
    const page = await browser.newPage(PHONE);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const visitCalls: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/public/visits') && visitCalls.push(request.method()));
    await openFeedbackPage(page);
    // The submit button waits for a rating.
    const submit = page.getByRole('button', { name: 'Envoyer mon avis' });
    expect(await submit.isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('Veuillez donner une note').isVisible()).toBe(true);
    await rate(page, 5);
    await page.getByLabel('Prénom').fill('Camille');
    await page.getByRole('textbox', { name: 'Nom (facultatif)', exact: true }).fill('Durand');
    // The consent box appears, unticked, once an email is typed.
    expect(await page.getByRole('checkbox').count()).toBe(0);
    const email = uniqueEmail('happy');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    const consent = page.getByRole('checkbox', { name: /offres et actualités de Chez Demo/ });
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    await page.getByLabel('Commentaire').fill('Parfait, merci !');
    await saveScreenshot(page, 'diner-f-form-phone');
    await submit.click();

    await expect.poll(() => page.getByRole('heading', { name: 'Merci pour votre avis !' }).isVisible()).toBe(true);
    expect(await page.getByText('+20 points').isVisible()).toBe(true);
    expect(await page.getByText('Votre solde :').textContent()).toBe('Votre solde : 20 points');
    const review = page.getByRole('link', { name: 'Laisser un avis Google' });
    expect(await review.getAttribute('href')).toBe('https://g.page/r/chez-demo/review');
    expect(await review.getAttribute('target')).toBe('_blank');
    // A typed email needs no linking box: the confirmation link is sent to it.
    expect(await page.getByRole('button', { name: 'Récupérer mes points' }).count()).toBe(0);
    expect(await page.getByTestId('email-claim-note').isVisible()).toBe(true);
    await saveScreenshot(page, 'diner-f-thanks-phone');
    // One page load, one tracked visit.
    expect(visitCalls).toEqual(['POST']);
    // The typed address is unconfirmed: one email, the owner's thank-you carrying the confirmation (decision 074), with nothing typed in the form.
    await expect.poll(async () => (await readMailbox(email)).map((m) => m.subject), { timeout: 20_000 }).toEqual(['Merci pour votre visite ! — Chez Demo']);
    const [confirmation] = await readMailbox(email);
    expect(confirmation.html).not.toContain('Camille');
    expect(confirmation.html).not.toContain('Parfait, merci');
    expect(errors).toEqual([]);
  });

  it('rate 2 on /r/{code}: the apology, and a low-rating alert to the restaurant', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl}/r/${mainCode}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Chez Demo');
    await rate(page, 2);
    // /r asks the first name.
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect.poll(() => page.getByText('Le prénom est requis').isVisible()).toBe(true);
    const comment = `Attente trop longue ${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Prénom').fill('Hugo');
    await page.getByLabel('Commentaire').fill(comment);
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Merci pour votre avis !' }).isVisible()).toBe(true);
    expect(await page.getByText(/Nous sommes désolés que votre expérience/).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Laisser un avis Google' }).count()).toBe(0);
    await saveScreenshot(page, 'diner-r-apology-phone');
    await expect
      .poll(async () => (await readMailbox('demo@chezdemo.fr')).find((m) => m.html.includes(comment))?.subject, { timeout: 20_000 })
      .toBe('Avis à surveiller : 2/5 — Chez Demo');
  });

  it('anonymous diner: link an email, and the points are on that customer afterwards', async () => {
    const page = await browser.newPage(PHONE);
    await openFeedbackPage(page, '');
    await rate(page, 4);
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Gardez vos 20 points' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Récupérer mes points' }).click();
    await expect.poll(() => page.getByText('Email requis').isVisible()).toBe(true);
    const email = uniqueEmail('anon');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByRole('button', { name: 'Récupérer mes points' }).click();
    // Nothing is linked yet: the address must be proven by the link sent to it.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Un email de confirmation vous a été envoyé' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'diner-link-email-phone');
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await readMailbox(email)).find((m) => m.html.includes('?link='));
        link = mail ? (/href="([^"]+\?link=[^"]+)"/.exec(mail.html)?.[1] ?? '').replace(/&amp;/g, '&') : '';
        return link !== '';
      }, { timeout: 15_000 })
      .toBe(true);
    await page.goto(link);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Vos points ont été ajoutés !' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('20 points', { exact: false }).first().isVisible()).toBe(true);
    await saveScreenshot(page, 'diner-link-confirmed-phone');
    // The link works once.
    await page.goto(link);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Ce lien de confirmation est invalide ou a expiré.' }).isVisible(), { timeout: 15_000 }).toBe(true);

    // The same phone rates again within the interval: the rating is kept, it earns nothing, and says so.
    await openFeedbackPage(page, '');
    await rate(page, 5);
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect.poll(() => page.getByText('Votre solde :').textContent()).toBe('Votre solde : 20 points');
    // No « +0 point »: the note says why this rating earned nothing.
    expect(await page.getByText(/\+0 point/).count()).toBe(0);
    expect(await page.getByTestId('earning-note').textContent()).toBe('Vous avez déjà cumulé des points pour votre visite récente : cet avis n’en rapporte pas.');
    await saveScreenshot(page, 'diner-interval-phone');
  });

  it('a regular’s email typed on another phone changes nothing until the link is opened', async () => {
    // The regular: a phone that rated and confirmed its email.
    const regularPhone = await browser.newPage(PHONE);
    await openFeedbackPage(regularPhone, '');
    await rate(regularPhone, 4);
    await regularPhone.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await regularPhone.getByRole('button', { name: 'Récupérer mes points' }).waitFor();
    const email = uniqueEmail('regular');
    await regularPhone.getByRole('textbox', { name: /^Email/ }).fill(email);
    await regularPhone.getByRole('button', { name: 'Récupérer mes points' }).click();
    const linkOf = async (count: number) => {
      let links: string[] = [];
      await expect
        .poll(async () => {
          const mails = (await readMailbox(email)).filter((m) => m.html.includes('?link='));
          links = mails.map((mail) => (/href="([^"]+\?link=[^"]+)"/.exec(mail.html)?.[1] ?? '').replace(/&amp;/g, '&'));
          return links.length;
        }, { timeout: 15_000 })
        .toBe(count);
      return links[0];
    };
    await regularPhone.goto(await linkOf(1));
    await expect.poll(() => regularPhone.getByRole('status').filter({ hasText: 'Vos points ont été ajoutés !' }).isVisible(), { timeout: 15_000 }).toBe(true);

    // Another phone types the regular's email with another first name.
    const stranger = await browser.newPage(PHONE);
    await openFeedbackPage(stranger, '');
    await rate(stranger, 5);
    await stranger.getByLabel('Prénom').fill('Intrus');
    await stranger.getByRole('textbox', { name: /^Email/ }).fill(email);
    await stranger.getByRole('button', { name: 'Envoyer mon avis' }).click();
    // Its own balance only, nothing of the regular's.
    await expect.poll(() => stranger.getByText('Votre solde :').textContent()).toBe('Votre solde : 20 points');
    // The regular, as the owner reads them: still 20 points and their own (empty) first name.
    const cookie = await signInCookie(baseUrl, owner);
    const regularRow = async () => {
      const page = (await (await fetch(`${baseUrl}/api/customers?q=${encodeURIComponent(email)}`, { headers: { cookie } })).json()) as {
        items: Array<{ email: string | null; firstName: string | null; points: number }>;
      };
      return page.items.find((item) => item.email === email);
    };
    expect(await regularRow()).toMatchObject({ points: 20, firstName: null });
    // The confirmation sent to the regular's address (the newest), once opened, merges the stranger's phone's 20 points.
    await stranger.goto(await linkOf(2));
    await expect.poll(() => stranger.getByRole('status').filter({ hasText: 'Vos points ont été ajoutés !' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await regularRow())?.points, { timeout: 15_000 }).toBe(40);
    // Their empty first name is filled by the typed one only now that the address's owner confirmed it.
    expect((await regularRow())?.firstName).toBe('Intrus');
  });

  it('downloads the form schemas and the thank-you screen after the page, and sends the feedback even without them', async () => {
    // What the page's HTML names is its first download; any other script is fetched later, and refused here.
    const html = await (await fetch(`${baseUrl}/f/${restaurantId}`)).text();
    const firstDownload = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]));
    const page = await browser.newPage(PHONE);
    const refused: string[] = [];
    await page.route(/\/assets\/.+\.js$/, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (firstDownload.has(path)) return route.continue();
      refused.push(path);
      return route.abort();
    });
    await openFeedbackPage(page);
    await rate(page, 4);
    await page.getByRole('textbox', { name: /^Email/ }).fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    // Without the schemas the server checks the fields: its French message is shown, nothing is lost.
    await expect.poll(() => page.getByText('Email invalide').isVisible()).toBe(true);
    await page.getByRole('textbox', { name: /^Email/ }).fill('');
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect.poll(() => page.getByText('Merci pour votre avis !').isVisible()).toBe(true);
    expect(refused.length).toBeGreaterThanOrEqual(2);
  });

  it('fetches the schemas and the thank-you screen on the first act, not while the page only shows (decision 069)', async () => {
    const html = await (await fetch(`${baseUrl}/f/${restaurantId}`)).text();
    const firstDownload = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]));
    const page = await browser.newPage(PHONE);
    const later: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/assets\/.+\.js$/.test(path) && !firstDownload.has(path)) later.push(path);
    });
    await openFeedbackPage(page);
    // A diner reading the page: idle time passes, nothing more is fetched (it was, on the first idle moment).
    await waitForPageAtRest(page);
    expect(later).toEqual([]);
    // The first tap on a star fetches the schemas, then the thank-you screen.
    await rate(page, 5);
    await expect.poll(() => later.some((path) => /\/thank-you-[^/]+\.js$/.test(path)), { timeout: 15_000 }).toBe(true);
    expect(later.some((path) => /\/zod-[^/]+\.js$/.test(path))).toBe(true);
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect.poll(() => page.getByText('Merci pour votre avis !').isVisible()).toBe(true);
  });

  it('checks the form in the browser once its schemas have arrived', async () => {
    const page = await browser.newPage(PHONE);
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/public/feedbacks') && posts.push(request.url()));
    await openFeedbackPage(page);
    await rate(page, 5);
    await page.getByRole('textbox', { name: /^Email/ }).fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect.poll(() => page.getByText('Email invalide').isVisible()).toBe(true);
    expect(posts).toEqual([]);
  });

  it('says so for an unknown code or an unknown restaurant', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl}/r/inconnu-main`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('QR code invalide');
    await saveScreenshot(page, 'diner-invalid-qr-phone');
    await page.goto(`${baseUrl}/f/${crypto.randomUUID()}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Restaurant introuvable ou non actif');
  });

  it('shows a skeleton at once and does not shift when the restaurant arrives', async () => {
    const page = await browser.newPage(PHONE);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/public/restaurants/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/f/${restaurantId}`);
    await page.getByRole('radio', { name: '1 étoile' }).waitFor();
    const before = await page.getByRole('group').boundingBox();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    await saveScreenshot(page, 'diner-skeleton-phone');
    release();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Chez Demo');
    const after = await page.getByRole('group').boundingBox();
    expect(after).toEqual(before);
  });

  it('moves through the stars with the arrow keys (radio group)', async () => {
    const page = await browser.newPage(PHONE);
    await openFeedbackPage(page);
    await page.getByRole('radio', { name: '3 étoiles' }).focus();
    await page.keyboard.press('Space');
    expect(await page.getByRole('radio', { name: '3 étoiles' }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '4 étoiles' }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('radio', { name: '2 étoiles' }).isChecked()).toBe(true);
  });
});

describe('the diner pages on a desktop', () => {
  it('renders the form and the thank-you screen centred', async () => {
    const page = await browser.newPage(DESKTOP);
    await openFeedbackPage(page);
    await saveScreenshot(page, 'diner-f-form-desktop');
    await rate(page, 3);
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect.poll(() => page.getByText('Merci, vos remarques sont prises en compte.', { exact: false }).isVisible()).toBe(true);
    await saveScreenshot(page, 'diner-f-thanks-desktop');
  });
});
