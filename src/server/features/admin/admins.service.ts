import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformAdmins, user } from '../../db/schema';
import { AppError } from '../../lib/http/errors';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';

/** Whether the user is a platform administrator. */
export async function isAppAdmin(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ userId: platformAdmins.userId }).from(platformAdmins).where(eq(platformAdmins.userId, userId)).limit(1);
  return rows.length > 0;
}

/** Makes a user a platform administrator (idempotent). */
export async function grantAppAdmin(db: Db, userId: string, grantedBy: string | null = null): Promise<void> {
  await db.insert(platformAdmins).values({ userId, createdBy: grantedBy }).onConflictDoNothing();
}

/** Every administrator with their email and the date they became one, oldest first. */
export async function listAppAdmins(db: Db) {
  const admins = await db
    .select({ userId: platformAdmins.userId, email: user.email, name: user.name, createdAt: platformAdmins.createdAt })
    .from(platformAdmins)
    .innerJoin(user, eq(user.id, platformAdmins.userId))
    .orderBy(asc(platformAdmins.createdAt), asc(user.email));
  return { admins, count: admins.length };
}

/** Promotes an already registered user, found by email (case-insensitive). */
export async function addAppAdminByEmail(db: Db, email: string, grantedBy: string) {
  const normalized = email.trim().toLowerCase();
  const [found] = await db.select({ id: user.id, email: user.email, name: user.name }).from(user).where(eq(sql`lower(${user.email})`, normalized)).limit(1);
  if (!found) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.userNotRegistered);
  const [inserted] = await db
    .insert(platformAdmins)
    .values({ userId: found.id, createdBy: grantedBy })
    .onConflictDoNothing()
    .returning({ createdAt: platformAdmins.createdAt });
  if (!inserted) throw new AppError('CONFLICT', ADMIN_MESSAGES.alreadyAdmin);
  return { admin: { userId: found.id, email: found.email, name: found.name, createdAt: inserted.createdAt } };
}

/** Same words as the admin guard (guards.ts imports this file, so the constant is not imported back). */
const ACTOR_NO_LONGER_ADMIN = 'Accès réservé aux administrateurs.';

/**
 * Removes an administrator. Nobody removes themselves, and the last administrator stays: the admin
 * rows are locked first, so two admins removing each other at the same moment cannot both succeed.
 */
export async function removeAppAdmin(db: Db, input: { actorUserId: string; targetUserId: string }): Promise<void> {
  if (input.actorUserId === input.targetUserId) throw new AppError('CONFLICT', ADMIN_MESSAGES.selfRemoval);
  await db.transaction(async (tx) => {
    const admins = await tx.select({ userId: platformAdmins.userId }).from(platformAdmins).for('update');
    if (!admins.some((a) => a.userId === input.targetUserId)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.adminNotFound);
    if (admins.length <= 1) throw new AppError('CONFLICT', ADMIN_MESSAGES.lastAdmin);
    // The actor may have been removed by someone else since the guard checked them.
    if (!admins.some((a) => a.userId === input.actorUserId)) throw new AppError('FORBIDDEN', ACTOR_NO_LONGER_ADMIN);
    await tx.delete(platformAdmins).where(eq(platformAdmins.userId, input.targetUserId));
  });
}
