import type { Locale } from '../rules/locales';
// The words of the diner's card and of the counter (issue 27), without zod: the card's chunk needs them.

/** Letters and digits nobody confuses when reading them aloud or typing them: no 0/O, 1/I/L. */
export const REWARD_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REWARD_CODE_LENGTH = 6;
/** How long a code shown at the counter stays valid. */
export const REWARD_CODE_MINUTES = 10;

export const CARD_MESSAGES = {
  rewardNotFound: 'Récompense introuvable sur cette carte.',
  rewardAlreadyHandedOver: 'Cette récompense a déjà été remise.',
  codeUnknown: 'Code inconnu. Vérifiez les 6 caractères ou demandez au client d’afficher à nouveau sa récompense.',
  codeExpired: 'Ce code a expiré. Demandez au client d’afficher à nouveau sa récompense sur son téléphone.',
  codeInvalid: 'Le code se compose de 6 lettres ou chiffres.',
  handedOver: 'Récompense remise',
  recoverSent: 'Si une carte existe pour cette adresse, un email avec un lien de connexion vient de vous être envoyé.',
  searchTooShort: 'Saisissez au moins 3 caractères : email, téléphone ou code.',
  anonymous: 'Client anonyme',
  invalidCursor: 'Page invalide.',
  // The same words as DINER_MESSAGES' (the card's chunk does not import those).
  genericError: 'Une erreur est survenue',
  linkInvalid: 'Ce lien de confirmation est invalide ou a expiré.',
  // One email box on the card (issue 48): it keeps the card (a device holding points) or finds it (a new phone).
  emailBoxTitle: 'Gardez ou retrouvez votre carte',
  // A typed address waiting for its confirmation link (issue 48): no second box, a resend.
  confirmPending: 'Confirmez votre email',
  resendLink: 'renvoyer le lien',
  resendSent: 'Un nouveau lien de confirmation vient de vous être envoyé.',
  noPendingConfirmation: 'Aucune confirmation en attente sur ce téléphone.',
  handedOverShort: 'Remis',
} as const;

/** Upper case, without spaces or dashes: what staff type ('abc 234', 'ABC-234') is read as 'ABC234'. */
export function normalizeRewardCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

export function isRewardCode(value: string): boolean {
  return value.length === REWARD_CODE_LENGTH && [...value].every((char) => REWARD_CODE_ALPHABET.includes(char));
}

/** The code in what the camera read: the counter link of the QR (`…/comptoir?code=ABC234`) or the bare code. */
export function rewardCodeFromScan(text: string): string | null {
  let candidate = text.trim();
  try {
    const url = new URL(candidate);
    candidate = url.searchParams.get('code') ?? '';
  } catch {
    // Not a link: the bare code.
  }
  const code = normalizeRewardCode(candidate);
  return isRewardCode(code) ? code : null;
}

/**
 * 'plus que 30 points pour un café' — the progress line of the card: 'Plus que {n} point(s) pour :
 * {reward}' keeps the reward's own label (no article to guess, gender-neutral).
 */
export function progressLine(missing: number, label: string): string {
  return `Plus que ${missing} ${missing > 1 ? 'points' : 'point'} pour : ${label}`;
}

/** GET /api/public/card/:restaurantId — what this device's card shows (nothing identifies the customer). */
export type TCard = {
  /** Its brand under white label (decision 058), as the public read gives it. */
  /** `languages`: those the owner offers on the diner pages (the language switch lists them), French always among them. */
  restaurant: { name: string; logoUrl: string | null; whiteLabel: boolean; brandColor: string | null; languages: Locale[] };
  /** Whether this device has a card here at all (a first visit has none yet). */
  known: boolean;
  /** Whether the card is kept under a confirmed email (it then survives a lost phone). */
  hasEmail: boolean;
  /** An address typed on this device waits for its confirmation link (not expired): the card offers a resend, not a second box. */
  pendingConfirmation: boolean;
  firstName: string | null;
  balance: number;
  /** The points set aside for the rewards waiting to be handed over (issue 48): reached = balance + setAside. */
  setAside: number;
  catalogue: Array<{ id: string; label: string; description: string | null; cost: number }>;
  /** The cheapest reward the balance does not reach yet, and how many points are missing. */
  next: { label: string; cost: number; missing: number } | null;
  /** Unlocked, not yet handed over (paid at unlock: decision 024), oldest first. */
  pending: Array<{ id: string; label: string; createdAt: string }>;
  /** The last handed-over rewards, newest first. */
  handedOver: Array<{ id: string; label: string; redeemedAt: string }>;
};

/** POST /api/public/card/:restaurantId/rewards/:rewardId/code */
export type TRewardCode = { code: string; expiresAt: string; qrSvg: string; label: string; restaurantName: string };

/**
 * GET /api/public/card/:restaurantId/summary — what /f and /r show above the form for this device
 * (issue 48): its balance and the rewards to collect, or `card: null` when it holds nothing here.
 */
export type TCardSummary = { card: { balance: number; pending: Array<{ id: string; label: string }> } | null };

/** GET /api/public/card/:restaurantId/rewards/:rewardId — polled by the 'Présenter au comptoir' screen. */
export type TRewardState = { status: 'pending' | 'redeemed' };
