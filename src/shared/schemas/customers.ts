import { z } from 'zod';

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

/** GET /api/customers?q=&page= */
export const ZCustomersQuery = z.object({
  q: z.string().trim().max(100, 'Recherche trop longue').optional().default(''),
  page: z.coerce.number({ error: 'Page invalide' }).int('Page invalide').min(1, 'Page invalide').max(100_000, 'Page invalide').default(1),
});

export const ZCustomerIdParam = z.object({ id: z.uuid(CUSTOMER_MESSAGES.notFound) });
export const ZCustomerRewardParams = z.object({ id: z.uuid(CUSTOMER_MESSAGES.notFound), rewardId: z.uuid(CUSTOMER_MESSAGES.rewardNotFound) });

export type TCustomerListItem = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  points: number;
  lastVisitAt: string | null;
};

export type TCustomersPage = { items: TCustomerListItem[]; total: number; totalIsCapped: boolean; page: number; pageSize: number };

export type TCustomerDetail = {
  customer: TCustomerListItem & { createdAt: string; marketingConsent: boolean };
  feedbacks: Array<{ id: string; rating: number; comment: string | null; createdAt: string }>;
  visits: Array<{ id: string; tableLabel: string | null; createdAt: string }>;
  pointEvents: Array<{ id: string; points: number; reason: string | null; createdAt: string }>;
  rewards: Array<{ id: string; label: string; cost: number; status: 'pending' | 'redeemed'; createdAt: string; redeemedAt: string | null }>;
};

export type TRedeemRewardResponse = { message: string; balance: number };
