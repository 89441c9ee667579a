import { z } from 'zod';
import type { EnglishOf } from '../i18n/english-of';

export const CUSTOMERS_PAGE_SIZE = 20;
/** Totals are exact up to this many customers, then shown as '1 000+' (counting 100,000 rows is slow). */
export const CUSTOMERS_COUNT_CAP = 1000;

/** The §2 empty messages of /customers and the staff actions' texts. */
export const CUSTOMER_MESSAGES = {
  searchPlaceholder: 'Rechercher des clients...',
  noMatch: 'Aucun client trouvé correspondant à votre recherche',
  noCustomers: 'Aucun client pour le moment. Commencez à collecter des avis !',
  notFound: 'Client introuvable',
  rewardRedeemed: 'Récompense utilisée',
  rewardAlreadyRedeemed: 'Cette récompense a déjà été utilisée.',
  rewardNotFound: 'Récompense introuvable',
  notEnoughPoints: 'Points insuffisants pour cette récompense.',
  erased: 'Données du client effacées',
} as const;

/** CUSTOMER_MESSAGES for an English owner (issue #53, decision 097; registered in shared/i18n/api-messages-customers.ts). */
export const CUSTOMER_MESSAGES_EN: EnglishOf<typeof CUSTOMER_MESSAGES> = {
  searchPlaceholder: 'Search customers...',
  noMatch: 'No customer found matching your search',
  noCustomers: 'No customers yet. Start collecting reviews!',
  notFound: 'Customer not found',
  rewardRedeemed: 'Reward used',
  rewardAlreadyRedeemed: 'This reward has already been used.',
  rewardNotFound: 'Reward not found',
  notEnoughPoints: 'Not enough points for this reward.',
  erased: 'Customer data erased',
};

/** The list's query errors (GET /api/customers and its CSV; the counter's search shares `searchTooLong`). */
export const CUSTOMER_QUERY_MESSAGES = {
  searchTooLong: 'Recherche trop longue',
  unknownScope: 'Affichage inconnu',
  unknownFilter: 'Filtre inconnu',
  invalidPage: 'Page invalide',
} as const;

export const CUSTOMER_QUERY_MESSAGES_EN: EnglishOf<typeof CUSTOMER_QUERY_MESSAGES> = {
  searchTooLong: 'Search too long',
  unknownScope: 'Unknown view',
  unknownFilter: 'Unknown filter',
  invalidPage: 'Invalid page',
};

/**
 * The list's filters: who is shown by default are the diners the restaurant can know (an email, a phone
 * or a reward waiting); `all` adds the anonymous devices.
 */
export const CUSTOMER_FILTERS = ['email', 'consent', 'reward', 'away30', 'away90', 'lowRating'] as const;
export type TCustomerFilter = (typeof CUSTOMER_FILTERS)[number];
export const CUSTOMER_FILTER_LABELS: Record<TCustomerFilter, string> = {
  email: 'Avec email',
  consent: 'Avec consentement',
  reward: 'Récompense à remettre',
  away30: 'Pas vus depuis 30 jours',
  away90: 'Pas vus depuis 90 jours',
  lowRating: 'Dernière note ≤ 3★',
};
export const CUSTOMER_FILTER_LABELS_EN: EnglishOf<typeof CUSTOMER_FILTER_LABELS> = {
  email: 'With email',
  consent: 'With consent',
  reward: 'Reward to hand over',
  away30: 'Not seen for 30 days',
  away90: 'Not seen for 90 days',
  lowRating: 'Last rating ≤ 3★',
};
export const CUSTOMER_SCOPES = ['known', 'all'] as const;
export type TCustomerScope = (typeof CUSTOMER_SCOPES)[number];

/** GET /api/customers?q=&page=&scope=&filter= */
export const ZCustomersQuery = z.object({
  q: z.string().trim().max(100, CUSTOMER_QUERY_MESSAGES.searchTooLong).optional().default(''),
  scope: z.enum(CUSTOMER_SCOPES, { error: CUSTOMER_QUERY_MESSAGES.unknownScope }).optional().default('known'),
  filter: z.enum(CUSTOMER_FILTERS, { error: CUSTOMER_QUERY_MESSAGES.unknownFilter }).optional(),
  page: z.coerce
    .number({ error: CUSTOMER_QUERY_MESSAGES.invalidPage })
    .int(CUSTOMER_QUERY_MESSAGES.invalidPage)
    .min(1, CUSTOMER_QUERY_MESSAGES.invalidPage)
    .max(100_000, CUSTOMER_QUERY_MESSAGES.invalidPage)
    .default(1),
});

/** GET /api/customers/export.csv?q=&scope=&filter=: the list's own selection, every page of it. */
export const ZCustomersCsvQuery = ZCustomersQuery.omit({ page: true });

export const ZCustomerIdParam = z.object({ id: z.uuid(CUSTOMER_MESSAGES.notFound) });
export const ZCustomerRewardParams = z.object({ id: z.uuid(CUSTOMER_MESSAGES.notFound), rewardId: z.uuid(CUSTOMER_MESSAGES.rewardNotFound) });

export type TCustomerListItem = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** The address typed on the diner's device while none is confirmed, shown « non confirmé » (decision 075); null otherwise. */
  unconfirmedEmail: string | null;
  phone: string | null;
  points: number;
  lastVisitAt: string | null;
  /** When the retention job anonymised the record (no identity nor contact left, visits and points still counted); null otherwise. */
  anonymizedAt: string | null;
};

/** A card of the list: the customer, their visits and the rewards waiting to be handed over. */
export type TCustomerCardItem = TCustomerListItem & { visitCount: number; pendingRewards: number };

export type TCustomersPage = { items: TCustomerCardItem[]; total: number; totalIsCapped: boolean; page: number; pageSize: number };

export type TCustomerDetail = {
  customer: TCustomerListItem & { createdAt: string; marketingConsent: boolean };
  feedbacks: Array<{ id: string; rating: number; comment: string | null; createdAt: string }>;
  visits: Array<{ id: string; tableLabel: string | null; createdAt: string }>;
  pointEvents: Array<{ id: string; points: number; reason: string | null; createdAt: string }>;
  rewards: Array<{ id: string; label: string; cost: number; status: 'pending' | 'redeemed'; createdAt: string; redeemedAt: string | null }>;
};

export type TRedeemRewardResponse = { message: string; balance: number };
