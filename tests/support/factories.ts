import type { PlanId } from '../../src/shared/rules/plans';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loyaltyRules, memberVenues, organisationMembers, organisations, restaurants, user, type RestaurantStatus } from '../../src/server/db/schema';
import type { Role } from '../../src/shared/rules/permissions';
import { grantAppAdmin } from '../../src/server/features/admin/admins.service';
import type { TestAgent, TestContext } from './test-app';

export const TEST_PASSWORD = 'Motdepasse-solide-42';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.fr`;
}

/** A user with a password account (email verified unless said otherwise). */
export async function createUser(ctx: TestContext, options: { email?: string; name?: string; password?: string; verified?: boolean } = {}) {
  const email = options.email ?? uniqueEmail();
  const result = await ctx.deps.auth.api.signUpEmail({
    body: { email, password: options.password ?? TEST_PASSWORD, name: options.name ?? 'Camille Test' },
  });
  if (options.verified !== false) await ctx.db.update(user).set({ emailVerified: true }).where(eq(user.id, result.user.id));
  return { id: result.user.id, email, password: options.password ?? TEST_PASSWORD };
}

/**
 * A restaurant with default loyalty rules: a venue of `organisationId`, or of a new organisation of its
 * own (named after it); `ownerId` becomes that organisation's owner on all venues. `status` is the
 * platform's state (decision 055): of the new organisation (its venue not suspended); of the venue itself
 * when it joins `organisationId` (approved or suspended only).
 */
export async function createRestaurant(
  ctx: TestContext,
  options: {
    ownerId?: string;
    organisationId?: string;
    status?: RestaurantStatus;
    name?: string;
    contactEmail?: string;
    emailVerified?: boolean;
    /** The new organisation's plan (decision 057): Premium unless a test says otherwise (null: none, on `trialEndsAt`). */
    plan?: PlanId | null;
    trialEndsAt?: Date | null;
  } = {},
) {
  const name = options.name ?? 'Le Bistrot Test';
  const status = options.status ?? 'approved';
  if (options.organisationId && status !== 'approved' && status !== 'suspended') throw new Error('a venue of an organisation is approved or suspended');
  const organisationId = options.organisationId ?? (await ctx.db.insert(organisations).values({ name, siren: '123456789', status, plan: options.plan === undefined ? 'premium' : options.plan, trialEndsAt: options.trialEndsAt ?? null }).returning())[0].id;
  const [restaurant] = await ctx.db
    .insert(restaurants)
    .values({
      organisationId,
      name,
      contactEmail: options.contactEmail ?? uniqueEmail('contact'),
      siret: '123456789',
      status: options.organisationId && status === 'suspended' ? 'suspended' : 'approved',
      emailVerified: options.emailVerified ?? true,
    })
    .returning();
  await ctx.db.insert(loyaltyRules).values({ restaurantId: restaurant.id });
  if (options.ownerId) await addMember(ctx, { organisationId, userId: options.ownerId, role: 'owner' });
  return restaurant;
}

/** Makes a user a member of an organisation (no invitation): on all its venues, or on `venues` only. */
export async function addMember(ctx: TestContext, input: { organisationId: string; userId: string; role: Role; venues?: string[] }) {
  await ctx.db.insert(organisationMembers).values({ organisationId: input.organisationId, userId: input.userId, role: input.role, allVenues: !input.venues });
  if (input.venues?.length) {
    await ctx.db.insert(memberVenues).values(input.venues.map((restaurantId) => ({ organisationId: input.organisationId, userId: input.userId, restaurantId })));
  }
}

/** Signs a user in with email and password; the agent then carries the session cookie. */
export async function signIn(ctx: TestContext, email: string, password = TEST_PASSWORD): Promise<TestAgent> {
  const agent = ctx.agent();
  const response = await agent.post('/api/auth/sign-in/email', { email, password });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return agent;
}

/** An owner of an approved restaurant, signed in. */
export async function createSignedInOwner(ctx: TestContext, options: { status?: RestaurantStatus; restaurantName?: string } = {}) {
  const owner = await createUser(ctx, { email: uniqueEmail('owner') });
  const restaurant = await createRestaurant(ctx, { ownerId: owner.id, status: options.status ?? 'approved', name: options.restaurantName, contactEmail: owner.email });
  const agent = await signIn(ctx, owner.email);
  return { owner, restaurant, agent };
}

/** A platform administrator, signed in. */
export async function createSignedInAdmin(ctx: TestContext) {
  const admin = await createUser(ctx, { email: uniqueEmail('admin') });
  await grantAppAdmin(ctx.db, admin.id);
  const agent = await signIn(ctx, admin.email);
  return { admin, agent };
}
