import { describe, expect, it } from 'vitest';
import { checkTemplate, renderSubject, renderTemplate } from './email-template';

describe('email templates', () => {
  it('accepts the allowlisted variables', () => {
    expect(checkTemplate('<p>Bonjour {{first_name}}, merci pour votre {{ rating }}/5 chez {{restaurant_name}}.</p>')).toEqual({ ok: true });
  });

  it('refuses an unknown variable with a French message naming it', () => {
    const check = checkTemplate('Bonjour {{prenom}}');
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.message).toMatch(/^Variable inconnue : \{\{prenom\}\}/);
  });

  it('refuses raw output and partials, also inside a section, and sections on unknown variables', () => {
    for (const template of ['{{{comment}}}', '{{&comment}}', '{{> partial}}', '{{#google_url}}{{{comment}}}{{/google_url}}', '{{#prenom}}x{{/prenom}}', '{{^first_name}}{{prenom}}{{/first_name}}']) {
      expect(checkTemplate(template).ok, template).toBe(false);
    }
  });

  it('accepts a section shown only with a value, or only without one, on a known variable', () => {
    const template = '{{#google_url}}<a href="{{google_url}}">Laisser un avis</a>{{/google_url}}{{^first_name}}Bonjour,{{/first_name}}';
    expect(checkTemplate(template)).toEqual({ ok: true });
    expect(renderTemplate(template, { google_url: 'https://g.page/r/x/review', first_name: 'Léa' })).toBe('<a href="https://g.page/r/x/review">Laisser un avis</a>');
    expect(renderTemplate(template, { google_url: '', first_name: '' })).toBe('Bonjour,');
  });

  it('refuses an unclosed tag', () => {
    expect(checkTemplate('Bonjour {{first_name').ok).toBe(false);
  });

  it('escapes values: a comment with <script> arrives as text', () => {
    expect(renderTemplate('<p>{{comment}}</p>', { comment: '<script>alert(1)</script>' })).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(renderTemplate('<a title="{{comment}}">x</a>', { comment: '" onmouseover="x\' & y' })).toBe('<a title="&quot; onmouseover=&quot;x&#39; &amp; y">x</a>');
  });

  it('renders subjects as text, on one line', () => {
    expect(renderSubject('Merci {{first_name}}', { first_name: 'Léa <3\r\nBcc: x' })).toBe('Merci Léa <3 Bcc: x');
  });
});
