import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTOMATIONS } from './default-automations';
import { SAMPLE_TEMPLATE_DATA } from '../../shared/rules/email-template';
import { SYSTEM_TEMPLATE_KEYS } from './catalogue';
import { renderAutomationEmail, renderSystemEmail, toPlainText, unsubscribeFooter } from './render';

// Restaurant names that break sentences built as 'chez {{name}}' or 'de {{name}}'.
const NAMES = ['Chez Demo', 'Le Petit Zinc', 'Les Halles', 'L’Ardoise', 'Au Bon Coin'];
// 'chez Chez …', 'de Le …' (du), 'de Les …' (des), 'à Le …' (au), 'de Au …'.
const BROKEN = /\bchez chez\b|\bde (le|les|au|aux) |\bà (le|les) /i;

const env = { PUBLIC_URL: 'https://app.refeed.fr', SUPPORT_EMAIL: 'support@refeed.fr' };

describe('French default emails read right whatever the restaurant is called', () => {
  for (const name of NAMES) {
    it(`with “${name}”`, () => {
      const texts: string[] = [];
      for (const automation of DEFAULT_AUTOMATIONS) {
        const rendered = renderAutomationEmail(automation.config, { ...SAMPLE_TEMPLATE_DATA, restaurant_name: name }, { restaurantName: name, logoUrl: null, footerHtml: unsubscribeFooter('#', name, { marketing: true }) });
        texts.push(rendered.subject, rendered.text, toPlainText(rendered.html));
      }
      for (const template of SYSTEM_TEMPLATE_KEYS) {
        const rendered = renderSystemEmail(template, { to: 'camille@example.fr', data: { url: 'https://app.refeed.fr/x', first_name: 'Camille', reason: 'Motif' }, restaurantName: name, env });
        texts.push(rendered.subject, rendered.text, toPlainText(rendered.html));
      }
      for (const text of texts) expect(text.replace(/\s+/g, ' ')).not.toMatch(BROKEN);
      // The name itself is there (it is what makes the email the restaurant's).
      expect(texts.join(' ')).toContain(name);
    });
  }
});
