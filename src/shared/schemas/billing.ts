import { z } from 'zod';
import { PLAN_IDS } from '../rules/plans';

/** POST /api/billing/checkout (decision 092): the plan and the period the propriétaire chose on /abonnement. */
export const ZCheckoutRequest = z.object({
  plan: z.enum(PLAN_IDS, { error: 'Forfait inconnu' }),
  interval: z.enum(['month', 'year'], { error: 'Période inconnue : mensuelle ou annuelle' }),
});
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequest>;

/** The French messages of online payment (issue 54). */
export const BILLING_MESSAGES = {
  notConfigured: 'Le paiement en ligne n’est pas configuré : écrivez-nous pour choisir votre forfait.',
  alreadySubscribed: 'Votre abonnement est déjà en place : changez de forfait ou de période depuis « Gérer mon abonnement ».',
  contract: 'Votre forfait est fixé par contrat avec l’équipe ReFeed : écrivez-nous pour le changer.',
  noCustomer: 'Aucun abonnement en ligne pour cette organisation : choisissez d’abord un forfait.',
  badSignature: 'Signature Stripe invalide.',
  stripeUnavailable: 'Le service de paiement ne répond pas. Réessayez dans un instant.',
} as const;
