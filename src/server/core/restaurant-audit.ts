import { restaurantAuditLog } from '../db/schema';
import type { Db } from '../db/client';
import { clock } from '../lib/runtime/clock';

export type RestaurantAuditAction = 'customer_data_exported' | 'customer_erased' | 'customer_anonymized' | 'customers_csv_exported' | 'reward_redeemed' | 'settings_updated' | 'logo_updated' | 'logo_removed' | 'reward_offered';

/** Records what the restaurant's staff did to customer data (data rights, reward hand-over) and to its settings. */
export async function recordRestaurantAudit(
  tx: Db,
  entry: { restaurantId: string; actorUserId: string | null; action: RestaurantAuditAction; subjectId?: string | null; details?: Record<string, unknown> | null },
): Promise<void> {
  await tx.insert(restaurantAuditLog).values({ ...entry, subjectId: entry.subjectId ?? null, details: entry.details ?? null, createdAt: clock.now() });
}
