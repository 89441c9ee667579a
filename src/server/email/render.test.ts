import { describe, expect, it } from 'vitest';
import { emailButton } from './layout';
import { dropEmptyLinks, renderAutomationEmail } from './render';

const frame = { restaurantName: 'Chez Test', logoUrl: null, footerHtml: '' };

describe('rendering an automation without a review link or a first name', () => {
  it('drops a button or a link whose address rendered empty, and keeps the others', () => {
    const html = `<p>Avant</p>${emailButton('', 'Laisser un avis')}<p>Ou <a href="" style="x">ici</a>, <a href='' >là</a>.</p>${emailButton('https://g.page/r/x/review', 'Avis')}<a href="https://chez.test">site</a>`;
    const kept = dropEmptyLinks(html);
    expect(kept).not.toContain('Laisser un avis');
    expect(kept).not.toMatch(/href=["']{2}/);
    expect(kept).toContain('<p>Avant</p>');
    expect(kept).toContain('<p>Ou , .</p>');
    expect(kept).toContain('href="https://g.page/r/x/review"');
    expect(kept).toContain('<a href="https://chez.test">site</a>');
  });

  it('starts a subject that began with an empty variable with its capital', () => {
    const render = (subject: string) => renderAutomationEmail({ subject, html: '<p>Bonjour {{first_name}},</p>' }, { first_name: '', restaurant_name: 'Chez Test' }, frame);
    expect(render('{{first_name}}, votre avis compte pour {{restaurant_name}}').subject).toBe('Votre avis compte pour Chez Test');
    expect(render('Bravo {{first_name}}, vous avez débloqué une récompense !').subject).toBe('Bravo, vous avez débloqué une récompense !');
    expect(render('{{first_name}} — merci !').subject).toBe('Merci !');
    expect(render('{{first_name}}, merci').text).toContain('Bonjour,');
    expect(renderAutomationEmail({ subject: '{{first_name}}, votre avis compte', html: 'x' }, { first_name: 'Léa' }, frame).subject).toBe('Léa, votre avis compte');
  });
});
