import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformAdmins } from '../../db/schema';

/** Whether the user is a platform administrator. */
export async function isAppAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ userId: platformAdmins.userId }).from(platformAdmins).where(eq(platformAdmins.userId, userId)).limit(1);
  return rows.length > 0;
}

/** Makes a user a platform administrator (idempotent). */
export async function grantAppAdmin(db: Db, userId: string, grantedBy: string | null = null): Promise<void> {
  await db.insert(platformAdmins).values({ userId, createdBy: grantedBy }).onConflictDoNothing();
}
