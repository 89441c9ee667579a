import type { Db } from '../db/client';
import { automations, type AutomationConfig } from '../db/schema';
import { emailButton } from './layout';

/**
 * The five default email automations of spec §3, created active with every new restaurant.
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
        paragraph('Vous avez gagné {{points_added}} points de fidélité. Votre solde : {{balance}} points.'),
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
    description: 'Prévient le responsable quand un client donne 3 étoiles ou moins.',
    config: {
      delay_minutes: 0,
      subject: 'Avis à surveiller : {{rating}}/5 — {{restaurant_name}}',
      html: [
        paragraph('Bonjour,'),
        paragraph('Une note de {{rating}}/5 vient d’être laissée{{#first_name}} par {{first_name}}{{/first_name}} le {{created_at}}.'),
        '{{#comment}}',
        paragraph('Commentaire : « {{comment}} »'),
        '{{/comment}}',
        paragraph('Prenez contact rapidement pour comprendre ce qui n’a pas fonctionné.'),
        emailButton('{{admin_feedback_url}}', 'Voir la fiche client'),
        paragraph('Bonne journée,<br>L’équipe ReFeed'),
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
        paragraph('Vous avez {{balance}} points de fidélité qui vous attendent.'),
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
        paragraph('Avec {{balance}} points, vous venez de débloquer une récompense :'),
        '<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 16px"><tr><td bgcolor="#fff7ed" style="background-color:#fff7ed;border:1px solid #fdba74;border-radius:8px;padding:16px;text-align:center"><p style="margin:0;font-size:20px;font-weight:bold;color:#9a3412">{{reward_name}}</p>{{#reward_date}}<p style="margin:4px 0 0;font-size:14px;color:#6b7280">Débloquée le {{reward_date}}</p>{{/reward_date}}</td></tr></table>',
        paragraph('Présentez cet email lors de votre prochaine visite pour en profiter.'),
        paragraph('À bientôt ! — {{restaurant_name}}'),
      ].join('\n'),
    },
  },
];

/** Inserts the five defaults for a restaurant (inside the caller's transaction); existing keys are kept. */
export async function insertDefaultAutomations(tx: Db, restaurantId: string): Promise<void> {
  await tx
    .insert(automations)
    .values(DEFAULT_AUTOMATIONS.map((automation) => ({ restaurantId, key: automation.key, name: automation.name, description: automation.description, status: 'active' as const, config: automation.config })))
    .onConflictDoNothing();
}
