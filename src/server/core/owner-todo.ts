import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { restaurants } from '../db/schema';
import { clock } from '../lib/runtime/clock';

/**
 * The dashboard's to-do list ticks an item only when the owner did it (issue #26): printed or
 * downloaded QR codes, created or edited a reward, opened the automations. (The fourth item, the
 * review link, is ticked by the link itself: only the owner sets it.) The first time is kept.
 */
export type OwnerTodoItem = 'qrCodes' | 'rewards' | 'automations';

const COLUMNS = { qrCodes: restaurants.todoQrCodesAt, rewards: restaurants.todoRewardsAt, automations: restaurants.todoAutomationsAt } as const;
const FIELDS = { qrCodes: 'todoQrCodesAt', rewards: 'todoRewardsAt', automations: 'todoAutomationsAt' } as const;

/** Records that the owner did `item` (a no-op after the first time: one indexed row, no write). */
export async function markOwnerTodoDone(tx: Db, restaurantId: string, item: OwnerTodoItem): Promise<void> {
  await tx
    .update(restaurants)
    .set({ [FIELDS[item]]: clock.now() })
    .where(and(eq(restaurants.id, restaurantId), isNull(COLUMNS[item])));
}
