import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automations, automationVersions } from '../../src/server/db/schema';
import { MAX_EMAIL_BYTES } from '../../src/shared/rules/email-content';
import type { TAutomation, TAutomationEditorResponse, TAutomationPreview, TAutomationsResponse, TEmailImageUploadResponse } from '../../src/shared/schemas/automations';
import { createSignedInOwner } from '../support/factories';
import { createTestContext, TEST_PUBLIC_URL, type TestAgent, type TestContext } from '../support/test-app';

// Issue 28: images the editor uploads arrive (hosted, absolute, described); templates that would reach
// diners broken are refused at save, saying what and where, and nothing is saved half.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function automationsOf(agent: TestAgent): Promise<TAutomation[]> {
  return ((await (await agent.get('/api/automations')).json()) as TAutomationsResponse).automations;
}

function upload(agent: TestAgent, bytes: Uint8Array, name: string, type = 'image/png') {
  return agent.request(`/api/automations/images?${new URLSearchParams({ name })}`, { method: 'POST', body: bytes as Uint8Array<ArrayBuffer>, headers: { 'content-type': type } });
}

async function photo(width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } }).jpeg().toBuffer());
}

describe('the editor’s image upload', () => {
  it('stores the image resized to twice the email column and answers its absolute address, which serves it', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const response = await upload(agent, await photo(2400, 1200), 'terrasse.jpg', 'image/jpeg');
    expect(response.status).toBe(200);
    const { image } = (await response.json()) as TEmailImageUploadResponse;
    expect(image.src.startsWith(`${TEST_PUBLIC_URL}/storage/images/${restaurant.id}/email-`)).toBe(true);
    expect(image.width).toBe(1120);
    expect(image.height).toBe(560);
    const served = await ctx.agent().get(new URL(image.src).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses a file that is not an image, naming it, in French', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const response = await upload(agent, svg, 'logo.svg', 'image/svg+xml');
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("Le fichier « logo.svg » n'est pas une image acceptée : formats PNG, JPEG, WebP ou GIF (SVG refusé).");
  });

  it('refuses a too-big image with a French message naming it; far past the limit, with the limit', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const response = await upload(agent, big, 'photo-du-chef.png');
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toBe('Le fichier « photo-du-chef.png » est trop volumineux : 5 Mo maximum.');
    const huge = await upload(agent, new Uint8Array(7 * 1024 * 1024), 'enorme.png');
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.message).toBe('Le fichier « enorme.png » est trop volumineux : 5 Mo maximum.');
  });

  it('refuses a request without a file, and a visitor', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const empty = await agent.request('/api/automations/images', { method: 'POST', body: new Uint8Array(0), headers: { 'content-type': 'image/png' } });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toBe('Choisissez une image à envoyer.');
    expect((await upload(ctx.agent(), await photo(10, 10), 'a.jpg')).status).toBe(401);
  });
});

describe('save-time checks', () => {
  const refusals: Array<[string, { subject?: string; html: string }, RegExp]> = [
    ['a data: image (the Image block left as is)', { html: '<p>Bonjour</p>\n<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" alt="x">' }, /^Image non hébergée \(ligne 2\)/],
    ['a photo embedded as base64 in a style', { html: '<table><tr><td style="background-image:url(data:image/png;base64,AAAA)">Texte</td></tr></table>' }, /^Image non hébergée \(ligne 1\)/],
    ['Lorem ipsum', { html: '<h1>Notre menu</h1>\n<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit</p>' }, /^Texte d’exemple laissé \(ligne 2\) : « Lorem ipsum dolor sit amet, consectetur… »/],
    ['Insert title here', { html: '<h1 class="heading">Insert title here</h1>' }, /^Texte d’exemple laissé \(ligne 1\) : « Insert title here »/],
    ['a button left as “Button”', { html: '<p>Venez</p><a class="button" href="https://example.fr">Button</a>' }, /^Texte d’exemple laissé \(ligne 1\) : « Button »/],
    ['a placeholder in the subject', { subject: 'Insert subject here', html: '<p>Bonjour</p>' }, /^Texte d’exemple laissé dans l’objet/],
    ['an unknown variable', { html: '<p>Bonjour {{mot_de_passe}}</p>' }, /^Variable inconnue : \{\{mot_de_passe\}\}/],
    ['an http link', { html: '<p>Voir <a href="http://example.fr/menu">notre menu</a></p>' }, /^Le lien « notre menu » \(ligne 1\) doit être une adresse complète en https:\/\/ ou une variable de lien comme \{\{google_url\}\} \(et non « http:\/\/example\.fr\/menu »\)\.$/],
    ['a relative link', { html: '<a href="/menu">Menu</a>' }, /^Le lien « Menu » \(ligne 1\) doit être/],
    ['a link without address', { html: '<p><a>Réserver</a></p>' }, /^Le lien « Réserver » \(ligne 1\) n’a pas d’adresse/],
    ['an image without alt text', { html: '<img src="https://example.fr/plat.jpg">' }, /^Image sans texte alternatif \(ligne 1\)/],
    ['an http image from elsewhere', { html: '<img src="http://example.fr/plat.jpg" alt="Plat">' }, /^L’image ligne 1 doit avoir une adresse complète en https:\/\//],
    ['more than 90 KB', { html: `<p>${'x'.repeat(MAX_EMAIL_BYTES)}</p>` }, /^Le contenu pèse 90 Ko : au-delà de 90 Ko, Gmail coupe l’email/],
  ];

  for (const [what, template, message] of refusals) {
    it(`refuses ${what} with a French 400 that says what and where; nothing is saved`, async () => {
      const { agent } = await createSignedInOwner(ctx);
      const [automation] = await automationsOf(agent);
      const response = await agent.put(`/api/automations/${automation.id}`, { subject: template.subject ?? 'Objet', html: template.html, design: { pages: [] } });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toMatch(message);
      const [row] = await ctx.db.select().from(automations).where(eq(automations.id, automation.id));
      expect(row.config).toEqual({ ...row.config, subject: automation.subject, html: automation.html });
      expect(row.design).toBeNull();
      expect(await ctx.db.select().from(automationVersions).where(eq(automationVersions.automationId, automation.id))).toHaveLength(0);
    });
  }

  it('counts the frame: a template under 90 KB whose email is over it is refused', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const [automation] = await automationsOf(agent);
    const response = await agent.put(`/api/automations/${automation.id}`, { subject: 'Lourd', html: `<p>${'x'.repeat(MAX_EMAIL_BYTES - 200)}</p>` });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('L’email dépasse 90 Ko une fois mis en page : Gmail le couperait (et son lien de désinscription). Allégez le contenu.');
  });

  it('saves what diners can receive: hosted images with alt text, https links, the URL variables, mailto', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const [automation] = await automationsOf(agent);
    const { image } = (await (await upload(agent, await photo(600, 300), 'plat.jpg', 'image/jpeg')).json()) as TEmailImageUploadResponse;
    const html = [
      `<img src="${image.src}" alt="Le Bistrot" width="560">`,
      '<img src="https://cdn.example.fr/plat.jpg" alt="Plat du jour">',
      '<p>Bonjour {{first_name}}, <a href="https://example.fr/menu?x=1&amp;y=2">notre menu</a>, <a href="{{google_url}}">un avis</a>, <a href="mailto:contact@example.fr">écrire</a>.</p>',
    ].join('\n');
    const response = await agent.put(`/api/automations/${automation.id}`, { subject: 'Bonjour {{first_name}}', html });
    expect(response.status).toBe(200);
    const [row] = await ctx.db.select().from(automations).where(eq(automations.id, automation.id));
    expect(row.config.html).toContain(image.src);
  });

  it('refuses restoring a version that would not pass today’s checks', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const [automation] = await automationsOf(agent);
    const [version] = await ctx.db
      .insert(automationVersions)
      .values({ automationId: automation.id, restaurantId: restaurant.id, subject: 'Ancienne', html: '<p>Lorem ipsum dolor</p>', source: 'html' })
      .returning();
    const response = await agent.post(`/api/automations/${automation.id}/versions/${version.id}/restore`, {});
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/^Texte d’exemple laissé/);
  });
});

describe('what the editor shows', () => {
  it('gives the canvas the email’s real frame around a marker, and previews a draft with sample data', async () => {
    const { agent } = await createSignedInOwner(ctx, { restaurantName: 'Le Cadre Réel' });
    const editor = (await (await agent.get('/api/automations/by-key/thanks_after_visit')).json()) as TAutomationEditorResponse;
    expect(editor.frame.html).toContain(`<div id="${editor.frame.markerId}"></div>`);
    expect(editor.frame.html).toContain('Le Cadre Réel');
    expect(editor.frame.html).toContain('max-width:560px');
    expect(editor.frame.html).toContain('Se désinscrire');
    const preview = await agent.post(`/api/automations/${editor.automation.id}/preview`, { subject: 'Merci {{first_name}}', html: '<p>Bonjour {{first_name}}, merci de votre note de {{rating}}/5.</p>' });
    expect(preview.status).toBe(200);
    const rendered = (await preview.json()) as TAutomationPreview;
    expect(rendered.subject).toBe('Merci Camille');
    expect(rendered.html).toContain('Bonjour Camille, merci de votre note de 5/5.');
    expect(rendered.html).toContain('Le Cadre Réel');
  });
});

describe('at send', () => {
  it('a data: image stored before the checks never reaches the inbox', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const thanks = (await automationsOf(agent)).find((automation) => automation.key === 'thanks_after_visit')!;
    const stored = '<p>Bonjour {{first_name}}</p><img src="data:image/png;base64,AAAA" alt="x"><table><tr><td style="background:url(data:image/png;base64,BBBB)">Fond</td></tr></table>';
    await ctx.db
      .update(automations)
      .set({ config: sql`jsonb_set(${automations.config}, '{html}', ${JSON.stringify(stored)}::jsonb)` })
      .where(eq(automations.id, thanks.id));
    expect((await agent.post(`/api/automations/${thanks.id}/test`, { to: restaurant.contactEmail })).status).toBe(200);
    const mail = await ctx.waitForMail((m) => m.toEmail === restaurant.contactEmail && m.subject.startsWith('[Test]'));
    expect(mail.html).toContain('Bonjour Camille');
    expect(mail.html).toContain('Fond');
    expect(mail.html).not.toMatch(/data:/i);
  });
});
