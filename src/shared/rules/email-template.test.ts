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

  it('refuses raw output, sections and partials', () => {
    for (const template of ['{{{comment}}}', '{{&comment}}', '{{#rating}}x{{/rating}}', '{{> partial}}']) expect(checkTemplate(template).ok, template).toBe(false);
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
