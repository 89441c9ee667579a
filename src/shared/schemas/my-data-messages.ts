// 'Mes données' (the diner's data rights page, /f/{id}/donnees): its words, without zod, shared by the
// server and the page's lazy chunk of the diner bundle.

export const MY_DATA_MESSAGES = {
  title: 'Mes données',
  nothingHeld: 'Ce restaurant ne détient aucune donnée liée à cet appareil.',
  consentOn: 'Vous recevrez les offres et nouvelles du restaurant.',
  consentOff: 'Vous ne recevrez plus d’offres du restaurant.',
  consentNeedsEmail: 'Ajoutez d’abord une adresse email pour recevoir les offres du restaurant.',
  unsubscribed: 'C’est fait : vous ne recevrez plus d’emails de ce restaurant.',
  erasureEmailSent: 'Un email vous a été envoyé : ouvrez le lien qu’il contient pour confirmer l’effacement de vos données.',
  erased: 'Vos données ont été effacées.',
  erasureLinkInvalid: 'Ce lien d’effacement est invalide ou a expiré.',
  confirmRequired: 'Confirmez l’effacement de vos données.',
} as const;

/** How long the erasure link of the email stays valid. */
export const ERASURE_LINK_EXPIRES_MINUTES = 60;

/** What the restaurant holds about the diner of this device (GET …/my-data, and the JSON download). */
export type TMyData = {
  restaurantName: string;
  /** False: this device is known to no customer of the restaurant (nothing is held). */
  found: boolean;
  identity: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phone: string | null;
    customerSince: string;
    marketingConsent: boolean;
    unsubscribed: boolean;
  } | null;
  points: { balance: number; events: Array<{ points: number; reason: string | null; createdAt: string }> };
  visits: Array<{ tableLabel: string | null; createdAt: string }>;
  ratings: Array<{ rating: number; comment: string | null; createdAt: string }>;
  rewards: Array<{ label: string; cost: number; status: 'pending' | 'redeemed'; createdAt: string; redeemedAt: string | null }>;
  emails: Array<{ subject: string; status: string; createdAt: string }>;
};

export type TMyDataErasureResponse = { status: 'confirmation_sent' | 'erased'; message: string };
export type TMyDataMessageResponse = { message: string; data: TMyData };
