import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PLAN_IDS, PLANS, type PlanDefinition, type PlanId } from '../../../shared/rules/plans';
import { PricingSection } from './components/pricing-section';
import { formatPrice, SITE_EN, SITE_FR, sitePlans, type SiteContent } from './content';

/**
 * The pricing section of / and /en reads the one plan table (issue #30): names, prices, the popular badge
 * and the items, limits included, come from PLANS, so the site cannot promise what the product does not do.
 */
function rendered(content: SiteContent) {
  const html = renderToStaticMarkup(<PricingSection content={content} />);
  const cards = html.split('data-testid="plan"').slice(1);
  return cards.map((card) => ({
    name: /<h3[^>]*>([^<]*)<\/h3>/.exec(card)![1],
    price: /data-testid="plan-price"[^>]*>([^<]*)</.exec(card)![1],
    items: [...card.matchAll(/<\/svg>([^<]+)<\/li>/g)].map((match) => match[1].replace(/&#x27;/g, "'")),
    popular: card.includes(content.pricing.popular),
  }));
}

const decode = (text: string) => text.replace(/&amp;/g, '&');

describe('the pricing section', () => {
  it('shows today’s table exactly as the site always did (names, prices, items, badge)', () => {
    expect(rendered(SITE_FR)).toEqual([
      { name: 'Essentielle', price: '39 €', items: ['1 établissement', '300 messages par mois', '1 membre (le propriétaire seul)', 'QR codes personnalisés', 'Emails automatiques', 'Support par email'], popular: false },
      { name: 'Pro', price: '79 €', items: ['3 établissements', '1 000 messages par mois', '1 membre (le propriétaire seul)', 'Statistiques avancées', 'Marque blanche', 'Programme de fidélité', 'Support prioritaire'], popular: true },
      { name: 'Premium', price: '149 €', items: ['Établissements et messages illimités', 'Multi-utilisateurs', 'Tableau de bord consolidé', 'Support prioritaire', 'API personnalisée'], popular: false },
    ].map((plan) => ({ ...plan, price: formatPrice(Number.parseInt(plan.price, 10), SITE_FR.pricing) })));
    expect(rendered(SITE_EN).map((plan) => [plan.name, decode(plan.price), plan.items[0], plan.items[1]])).toEqual([
      ['Essential', '£49', '1 venue', '300 messages a month'],
      ['Pro', '£99', '3 venues', '1,000 messages a month'],
      ['Premium', '£189', 'Unlimited venues and messages', 'Multiple users'],
    ]);
    // Pro includes one member, and says so (issue #53).
    expect(rendered(SITE_EN)[1].items).toContain('1 member (the owner only)');
  });

  it('renders every price, name and item of the table, in both languages', () => {
    for (const [content, lang, currency] of [[SITE_FR, 'fr', 'eur'], [SITE_EN, 'en', 'gbp']] as const) {
      const cards = rendered(content);
      expect(cards).toHaveLength(PLAN_IDS.length);
      PLAN_IDS.forEach((id, index) => {
        expect(cards[index].name).toBe(PLANS[id].name[lang]);
        expect(decode(cards[index].price)).toBe(formatPrice(PLANS[id].prices[currency].monthly, content.pricing));
        expect(cards[index].popular).toBe(PLANS[id].popular);
        for (const item of PLANS[id].items[lang]) expect(cards[index].items).toContain(item);
      });
    }
  });

  it('follows the table when a limit, a price or the badge changes', () => {
    const changed: Record<PlanId, PlanDefinition> = {
      ...PLANS,
      essential: { ...PLANS.essential, prices: { ...PLANS.essential.prices, eur: { monthly: 45, yearly: 450 } }, limits: { ...PLANS.essential.limits, venues: 2, dinerEmailsPerMonth: 2500 } },
      pro: { ...PLANS.pro, popular: false, limits: { ...PLANS.pro.limits, dinerEmailsPerMonth: null } },
      premium: { ...PLANS.premium, popular: true },
    };
    const content: SiteContent = { ...SITE_FR, pricing: { ...SITE_FR.pricing, plans: sitePlans(changed, 'fr') } };
    const cards = rendered(content);
    expect(cards[0]).toMatchObject({ price: formatPrice(45, SITE_FR.pricing), items: ['2 établissements', '2 500 messages par mois', '1 membre (le propriétaire seul)', 'QR codes personnalisés', 'Emails automatiques', 'Support par email'] });
    expect(cards[1]).toMatchObject({ popular: false, items: expect.arrayContaining(['3 établissements', 'Messages illimités']) });
    const team = sitePlans({ ...PLANS, pro: { ...PLANS.pro, limits: { ...PLANS.pro.limits, members: 3 } } }, 'fr');
    expect(team[1].items).toContain('3 membres');
    expect(cards[2].popular).toBe(true);
  });
});
