import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAutomationEditorResponse, TAutomationPreview, TAutomationsResponse, TAutomationVersionsResponse } from '../../src/shared/schemas/automations';
import { createSignedInOwner } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
});
afterAll(async () => {
  await ctx.close();
});

describe('/api/automations', () => {
  it('creates the six defaults, active, for a restaurant that has none — once', async () => {
    const { agent } = await createSignedInOwner(ctx, { restaurantName: 'Chez Paul' });
    const first = (await (await agent.get('/api/automations')).json()) as TAutomationsResponse;
    expect(first.initialised).toBe(true);
    expect(first.automations.map((a) => [a.key, a.status, a.delayMinutes])).toEqual([
      ['thanks_after_visit', 'active', 0],
      ['manager_alert_low_rating', 'active', 0],
      ['review_nudge_3d', 'active', 4320],
      ['we_miss_you_30d', 'active', 43200],
      ['reward_unlocked', 'active', 0],
      ['weekly_digest', 'active', 0],
    ]);
    const again = (await (await agent.get('/api/automations')).json()) as TAutomationsResponse;
    expect(again.initialised).toBe(false);
    expect(again.automations.map((a) => a.id)).toEqual(first.automations.map((a) => a.id));
  });

  it('pauses and resumes an automation', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const [automation] = ((await (await agent.get('/api/automations')).json()) as TAutomationsResponse).automations;
    const paused = await agent.patch(`/api/automations/${automation.id}/status`, { status: 'inactive' });
    expect((await paused.json()).automation.status).toBe('inactive');
    expect((await agent.patch(`/api/automations/${automation.id}/status`, { status: 'off' })).status).toBe(400);
    const list = (await (await agent.get('/api/automations')).json()) as TAutomationsResponse;
    expect(list.automations.find((a) => a.id === automation.id)!.status).toBe('inactive');
  });

  it('saves subject and HTML using allowlisted variables, and refuses an unknown one in French', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const [automation] = ((await (await agent.get('/api/automations')).json()) as TAutomationsResponse).automations;
    const saved = await agent.put(`/api/automations/${automation.id}`, { subject: 'Merci {{first_name}} !', html: '<p>À bientôt — {{restaurant_name}}</p>' });
    expect(saved.status).toBe(200);
    expect((await saved.json()).automation).toMatchObject({ subject: 'Merci {{first_name}} !', html: '<p>À bientôt — {{restaurant_name}}</p>', delayMinutes: 0 });
    const unknown = await agent.put(`/api/automations/${automation.id}`, { subject: 'Merci {{prenom}}', html: '<p>x</p>' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toMatch(/^Dans l’objet : Variable inconnue : \{\{prenom\}\}/);
    const raw = await agent.put(`/api/automations/${automation.id}`, { subject: 'x', html: '{{{comment}}}' });
    expect(raw.status).toBe(400);
    expect((await agent.put(`/api/automations/${automation.id}`, { subject: ' ', html: '<p>x</p>' })).status).toBe(400);
  });

  it('previews with sample data, the restaurant’s name and a plain-text part', async () => {
    const { agent } = await createSignedInOwner(ctx, { restaurantName: 'Le Bistrot <b>' });
    const [automation] = ((await (await agent.get('/api/automations')).json()) as TAutomationsResponse).automations;
    await agent.put(`/api/automations/${automation.id}`, { subject: 'Merci {{first_name}} — {{restaurant_name}}', html: '<p>Bonjour {{first_name}}, {{comment}}</p>' });
    const preview = (await (await agent.get(`/api/automations/${automation.id}/preview`)).json()) as TAutomationPreview;
    // A subject is text: no HTML escaping there (the body escapes).
    expect(preview.subject).toBe('Merci Camille — Le Bistrot <b>');
    // The body inside the same frame as a sent email: the restaurant's name (escaped) on top, table layout.
    expect(preview.html).toContain('<p>Bonjour Camille, Excellent repas, service au top !</p>');
    expect(preview.html).toContain('Le Bistrot &lt;b&gt;');
    expect(preview.html).not.toContain('Le Bistrot <b>');
    expect(preview.html).toMatch(/<table[^>]*role="presentation"/);
    expect(preview.text).toContain('Bonjour Camille, Excellent repas, service au top !');
    expect(preview.text).not.toContain('<p>');
  });

  it('lists each subject as diners read it: the restaurant’s name and the sample diner, no raw {{variables}}', async () => {
    const { agent } = await createSignedInOwner(ctx, { restaurantName: 'Le Zinc' });
    const list = ((await (await agent.get('/api/automations')).json()) as TAutomationsResponse).automations;
    const byKey = new Map(list.map((automation) => [automation.key, automation]));
    expect(byKey.get('thanks_after_visit')).toMatchObject({ subject: 'Merci pour votre visite ! — {{restaurant_name}}', subjectPreview: 'Merci pour votre visite ! — Le Zinc' });
    expect(byKey.get('manager_alert_low_rating')?.subjectPreview).toBe('Avis à surveiller : 2/5 — Le Zinc');
    for (const automation of list) expect(automation.subjectPreview).not.toContain('{{');
  });

  it('previews the low-rating alert with a low rating and links into this app’s own PUBLIC_URL', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const list = ((await (await agent.get('/api/automations')).json()) as TAutomationsResponse).automations;
    const alert = list.find((automation) => automation.key === 'manager_alert_low_rating')!;
    const preview = (await (await agent.get(`/api/automations/${alert.id}/preview`)).json()) as TAutomationPreview;
    expect(preview.text).toContain('2/5');
    // /avis of this venue (decision 056).
    expect(preview.html).toContain(`href="${ctx.deps.env.PUBLIC_URL}/v/${restaurant.id}/avis"`);
    expect(preview.html).not.toContain('app.refeed.fr');
  });

  it('refuses a visitor without a session', async () => {
    expect((await ctx.agent().get('/api/automations')).status).toBe(401);
  });

  it('keeps every save as a version (the default text first) and restores one as a new version', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const [automation] = ((await (await agent.get('/api/automations')).json()) as TAutomationsResponse).automations;
    await agent.put(`/api/automations/${automation.id}`, { subject: 'Version A', html: '<p>A</p>' });
    const design = { pages: [{ component: { type: 'wrapper' } }], styles: [] };
    await agent.put(`/api/automations/${automation.id}`, { subject: 'Version B', html: '<table><tr><td>B</td></tr></table>', design });
    const versions = ((await (await agent.get(`/api/automations/${automation.id}/versions`)).json()) as TAutomationVersionsResponse).versions;
    expect(versions.map((v) => [v.subject, v.source, v.hasDesign])).toEqual([
      ['Version B', 'visual', true],
      ['Version A', 'html', false],
      [automation.subject, 'initial', false],
    ]);
    expect(versions[0].authorName).toBeTruthy();

    const restored = await agent.post(`/api/automations/${automation.id}/versions/${versions[1].id}/restore`, {});
    expect(restored.status).toBe(200);
    expect((await restored.json()).automation).toMatchObject({ subject: 'Version A', html: '<p>A</p>', hasDesign: false });
    const after = ((await (await agent.get(`/api/automations/${automation.id}/versions`)).json()) as TAutomationVersionsResponse).versions;
    expect(after.map((v) => [v.subject, v.source])[0]).toEqual(['Version A', 'restore']);
    expect(after).toHaveLength(4);

    // The editor reads the automation by key with its design.
    const editor = (await (await agent.get(`/api/automations/by-key/${automation.key}`)).json()) as TAutomationEditorResponse;
    expect(editor.automation.id).toBe(automation.id);
    expect(editor.design).toBeNull();
    await agent.post(`/api/automations/${automation.id}/versions/${versions[0].id}/restore`, {});
    expect(((await (await agent.get(`/api/automations/by-key/${automation.key}`)).json()) as TAutomationEditorResponse).design).toEqual(design);
    expect((await agent.get('/api/automations/by-key/unknown_key')).status).toBe(404);
    expect((await agent.get('/api/automations/by-key/..%2Fx')).status).toBe(400);
  });

  it('accepts an editor save above the 64 KB limit of other routes, and refuses one above 1 MB', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const [automation] = ((await (await agent.get('/api/automations')).json()) as TAutomationsResponse).automations;
    const html = `<p>${'x'.repeat(80_000)}</p>`;
    expect((await agent.put(`/api/automations/${automation.id}`, { subject: 'Gros', html, design: { blob: 'y'.repeat(300_000) } })).status).toBe(200);
    expect((await agent.put(`/api/automations/${automation.id}`, { subject: 'Trop gros', html, design: { blob: 'y'.repeat(1_100_000) } })).status).toBe(413);
  });

  it('never shows one restaurant’s versions to another', async () => {
    const a = await createSignedInOwner(ctx);
    const b = await createSignedInOwner(ctx);
    const [automation] = ((await (await a.agent.get('/api/automations')).json()) as TAutomationsResponse).automations;
    await a.agent.put(`/api/automations/${automation.id}`, { subject: 'Secret', html: '<p>s</p>' });
    const [version] = ((await (await a.agent.get(`/api/automations/${automation.id}/versions`)).json()) as TAutomationVersionsResponse).versions;
    expect((await b.agent.get(`/api/automations/${automation.id}/versions`)).status).toBe(404);
    expect((await b.agent.post(`/api/automations/${automation.id}/versions/${version.id}/restore`, {})).status).toBe(404);
  });
});
