import { describe, expect, it } from 'vitest';
import { EMAIL_WIDTH, emailButton, preLineHtml } from './layout';
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

describe('the frame in classic Outlook for Windows', () => {
  const html = renderAutomationEmail({ subject: 'x', html: `<p>Bonjour,</p>${emailButton('https://chez.test', 'Réserver')}` }, {}, frame).html;

  it('gives Outlook a fixed 560-pixel column inside conditional comments (the others read max-width)', () => {
    expect(html).toContain(`<!--[if mso]><table role="presentation" width="${EMAIL_WIDTH}" align="center"`);
    expect(html).toContain('<!--[if mso]></td></tr></table><![endif]-->');
    expect(html).toContain('<o:PixelsPerInch>96</o:PixelsPerInch>');
    expect(html).toContain(`max-width:${EMAIL_WIDTH}px`);
  });

  it('puts the button’s padding and colour on its cell, and uses hex colours only', () => {
    expect(html).toMatch(/<td align="center" bgcolor="#c2410c" style="[^"]*padding:12px 20px"><a href="https:\/\/chez\.test"/);
    expect(html).not.toMatch(/rgba?\(|hsla?\(/);
    for (const colour of html.match(/(?:color|bgcolor)[:=]"?\s*([^;"\s]+)/g) ?? []) expect(colour).toMatch(/#[0-9a-f]{6}$/i);
  });

  it('turns line breaks of a multi-line text into <br> (Outlook ignores white-space:pre-line)', () => {
    expect(preLineHtml('Ligne 1\r\nLigne <2>\nLigne 3\n')).toBe('Ligne 1<br>Ligne &lt;2&gt;<br>Ligne 3');
  });
});
