import type { Db } from '../db/client';
import { automations, type AutomationConfig } from '../db/schema';
import { emailButton, emailClosing } from './layout';
import { LOW_RATINGS_BLOCK, LOW_RATINGS_BLOCK_EN } from './low-rating-alert-data';

/**
 * The default email automations, created active with every new restaurant: the five of spec §3 and the
 * weekly digest (issue 26, decision 037).
 * Templates use {{variable}} placeholders: restaurant_name, first_name, google_url, rating, comment,
 * points_added, balance, reward_name; a block in {{#google_url}}…{{/google_url}} shows only when the
 * restaurant has a review link. Subjects and greetings read right without a first name (render.ts tidies
 * 'Bonjour ,' into 'Bonjour,' and a subject starting with ', ' into its capital).
 */
export type DefaultAutomation = { key: string; name: string; description: string; config: AutomationConfig };

const paragraph = (text: string) => `<p>${text}</p>`;

export const DEFAULT_AUTOMATIONS: readonly DefaultAutomation[] = [
  {
    key: 'thanks_after_visit',
    name: 'Merci après la visite',
    description: 'Remercie le client juste après un avis positif (4 ou 5 étoiles).',
    config: {
      delay_minutes: 0,
      subject: 'Merci pour votre visite ! — {{restaurant_name}}',
      html: [
        paragraph('Bonjour {{first_name}},'),
        paragraph('Merci pour votre note de {{rating}}/5 ! Toute l’équipe est ravie que vous ayez passé un bon moment chez nous.'),
        paragraph('Vous avez gagné {{points_added_fr}} de fidélité. Votre solde : {{balance_fr}}.'),
        // Only with a review link: without one, no button leads back to ReFeed's own form.
        '{{#google_url}}',
        paragraph('Si vous avez une minute, partagez votre expérience :'),
        emailButton('{{google_url}}', 'Laisser un avis'),
        '{{/google_url}}',
        paragraph('À très bientôt ! — {{restaurant_name}}'),
      ].join('\n'),
    },
  },
  {
    key: 'manager_alert_low_rating',
    name: 'Alerte avis négatif',
    description: 'Prévient le responsable quand un client donne 3 étoiles ou moins : tout de suite pour le premier avis, puis au plus un email toutes les 15 minutes regroupant les suivants.',
    config: {
      delay_minutes: 0,
      subject: '{{#grouped}}{{low_rating_count}} avis à surveiller{{/grouped}}{{^grouped}}Avis à surveiller : {{rating}}/5{{/grouped}} — {{restaurant_name}}',
      html: [
        paragraph('Bonjour,'),
        '{{#grouped}}',
        paragraph('{{low_rating_count}} avis de 3 étoiles ou moins ont été laissés depuis la dernière alerte :'),
        '{{/grouped}}',
        '{{^grouped}}',
        paragraph('Un avis de 3 étoiles ou moins vient d’être laissé :'),
        '{{/grouped}}',
        LOW_RATINGS_BLOCK,
        emailClosing(),
      ].join('\n'),
    },
  },
  {
    key: 'review_nudge_3d',
    name: 'Relance avis à 3 jours',
    description: 'Invite le client à publier un avis trois jours après sa visite.',
    config: {
      delay_minutes: 4320,
      subject: '{{first_name}}, votre avis compte pour {{restaurant_name}}',
      html: [
        paragraph('Bonjour {{first_name}},'),
        paragraph('Merci encore pour votre visite il y a quelques jours. Votre avis aide d’autres personnes à découvrir {{restaurant_name}}.'),
        '{{#google_url}}',
        paragraph('Cela ne prend qu’une minute :'),
        emailButton('{{google_url}}', 'Partager mon avis'),
        '{{/google_url}}',
        paragraph('Merci et à bientôt ! — {{restaurant_name}}'),
      ].join('\n'),
    },
  },
  {
    key: 'we_miss_you_30d',
    name: 'Vous nous manquez (30 jours)',
    description: 'Relance le client 30 jours après sa dernière visite.',
    config: {
      delay_minutes: 43200,
      subject: 'Vous nous manquez ! — {{restaurant_name}}',
      html: [
        paragraph('Bonjour {{first_name}},'),
        paragraph('Votre dernière visite remonte à un mois : toute l’équipe serait ravie de vous retrouver.'),
        // A reward waiting for the diner comes first; the balance only when there are points.
        '{{#reward_name}}',
        paragraph('Une récompense vous attend : <strong>{{reward_name}}</strong>. Présentez cet email lors de votre prochaine visite pour en profiter.'),
        '{{/reward_name}}',
        '{{#balance}}',
        paragraph('Vos points de fidélité vous attendent : {{balance_fr}}.'),
        '{{/balance}}',
        '{{#restaurant_url}}',
        emailButton('{{restaurant_url}}', 'Revenir nous voir'),
        '{{/restaurant_url}}',
        paragraph('À très vite ! — {{restaurant_name}}'),
      ].join('\n'),
    },
  },
  {
    key: 'reward_unlocked',
    name: 'Récompense débloquée',
    description: 'Annonce au client qu’il a débloqué une récompense.',
    config: {
      delay_minutes: 0,
      subject: 'Bravo {{first_name}}, vous avez débloqué une récompense !',
      html: [
        paragraph('Bonjour {{first_name}},'),
        paragraph('Vous avez atteint {{reached_fr}} et débloqué une récompense :'),
        '<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 16px"><tr><td bgcolor="#fff7ed" style="background-color:#fff7ed;border:1px solid #fdba74;border-radius:8px;padding:16px;text-align:center"><p style="margin:0;font-size:20px;font-weight:bold;color:#9a3412">{{reward_name}}</p>{{#reward_date}}<p style="margin:4px 0 0;font-size:14px;color:#57534e">Débloquée le {{reward_date}}</p>{{/reward_date}}</td></tr></table>',
        paragraph('{{#reward_cost}}{{reward_cost_fr}} mis de côté pour cette récompense : il vous reste {{balance_fr}}.{{/reward_cost}}{{^reward_cost}}Votre solde : {{balance_fr}}.{{/reward_cost}}'),
        paragraph('Présentez cet email lors de votre prochaine visite pour en profiter.'),
        paragraph('À bientôt ! — {{restaurant_name}}'),
      ].join('\n'),
    },
  },
  {
    key: 'weekly_digest',
    name: 'Bilan de la semaine',
    description: 'Chaque lundi à 9 h, envoie au responsable le bilan de la semaine écoulée.',
    config: {
      delay_minutes: 0,
      subject: 'Votre semaine : {{ratings_count}} avis{{#average}}, {{average}}/5 de moyenne{{/average}} — {{restaurant_name}}',
      html: [
        paragraph('Bonjour,'),
        paragraph('Voici le bilan de votre semaine, {{week}}.'),
        '<ul>',
        '<li><strong>{{ratings_count}}</strong> avis{{#average}}, moyenne <strong>{{average}}/5</strong>{{/average}} (semaine précédente : {{ratings_count_previous}} avis{{#average_previous}}, moyenne {{average_previous}}/5{{/average_previous}})</li>',
        '<li>Avis de 3 étoiles ou moins : <strong>{{low_rating_count}}</strong></li>',
        '<li>Invitations à laisser un avis public : <strong>{{review_invitations}}</strong></li>',
        '<li>Nouveaux clients : <strong>{{new_customers}}</strong></li>',
        '<li>Récompenses remises : <strong>{{rewards_redeemed}}</strong></li>',
        '<li>Emails envoyés : <strong>{{emails_sent}}</strong></li>',
        '</ul>',
        '{{#low_rating_count}}',
        paragraph('<strong>Les avis à surveiller :</strong>'),
        '{{/low_rating_count}}',
        LOW_RATINGS_BLOCK,
        emailButton('{{dashboard_url}}', 'Ouvrir mon tableau de bord'),
        emailClosing(),
      ].join('\n'),
    },
  },
];

/**
 * The English defaults of the two automations addressed to the restaurant itself (issue #53): an English
 * owner whose alert or digest is still the French default above (never edited on /automations) receives
 * these instead, in the English layout. An edited template is the owner's own text and is sent as written
 * (or as its English version, when the owner wrote one).
 */
export const OWNER_AUTOMATIONS_EN: Readonly<Record<'manager_alert_low_rating' | 'weekly_digest', { subject: string; html: string }>> = {
  manager_alert_low_rating: {
    subject: '{{#grouped}}{{low_rating_count}} reviews to watch{{/grouped}}{{^grouped}}Review to watch: {{rating}}/5{{/grouped}} — {{restaurant_name}}',
    html: [
      paragraph('Hello,'),
      '{{#grouped}}',
      paragraph('{{low_rating_count}} ratings of 3 stars or less have been left since the last alert:'),
      '{{/grouped}}',
      '{{^grouped}}',
      paragraph('A rating of 3 stars or less has just been left:'),
      '{{/grouped}}',
      LOW_RATINGS_BLOCK_EN,
      emailClosing('The ReFeed team', 'en'),
    ].join('\n'),
  },
  weekly_digest: {
    subject: 'Your week: {{ratings_text}}{{#average}}, {{average}}/5 average{{/average}} — {{restaurant_name}}',
    html: [
      paragraph('Hello,'),
      paragraph('Here is your week in review, {{week}}.'),
      '<ul>',
      '<li><strong>{{ratings_text}}</strong>{{#average}}, average <strong>{{average}}/5</strong>{{/average}} (previous week: {{ratings_previous_text}}{{#average_previous}}, average {{average_previous}}/5{{/average_previous}})</li>',
      '<li>Ratings of 3 stars or less: <strong>{{low_rating_count}}</strong></li>',
      '<li>Invitations to leave a public review: <strong>{{review_invitations}}</strong></li>',
      '<li>New customers: <strong>{{new_customers}}</strong></li>',
      '<li>Rewards handed over: <strong>{{rewards_redeemed}}</strong></li>',
      '<li>Emails sent: <strong>{{emails_sent}}</strong></li>',
      '</ul>',
      '{{#low_rating_count}}',
      paragraph('<strong>Reviews to watch:</strong>'),
      '{{/low_rating_count}}',
      LOW_RATINGS_BLOCK_EN,
      emailButton('{{dashboard_url}}', 'Open my dashboard'),
      emailClosing('The ReFeed team', 'en'),
    ].join('\n'),
  },
};

/**
 * The text an automation addressed to the restaurant is sent with to an English owner: the owner's own
 * English version if they wrote one, else the English default while theirs is still the French default;
 * null for the owner's own text (sent as written).
 */
export function ownerAutomationEnglish(key: string, config: Pick<AutomationConfig, 'subject' | 'html' | 'translations'>): { subject: string; html: string } | null {
  if (key !== 'manager_alert_low_rating' && key !== 'weekly_digest') return null;
  const own = config.translations?.en;
  if (own) return own;
  const french = DEFAULT_AUTOMATIONS.find((automation) => automation.key === key)?.config;
  return french && french.subject === config.subject && french.html === config.html ? OWNER_AUTOMATIONS_EN[key] : null;
}

/** Inserts the defaults for a restaurant (inside the caller's transaction); existing keys are kept. */
export async function insertDefaultAutomations(tx: Db, restaurantId: string): Promise<void> {
  await tx
    .insert(automations)
    .values(DEFAULT_AUTOMATIONS.map((automation) => ({ restaurantId, key: automation.key, name: automation.name, description: automation.description, status: 'active' as const, config: automation.config })))
    .onConflictDoNothing();
}
