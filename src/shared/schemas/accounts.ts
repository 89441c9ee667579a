import type { z } from 'zod';
import { z as zod } from 'zod';

export const ZRestaurantStatus = zod.enum(['pending', 'approved', 'rejected', 'suspended']);
export type TRestaurantStatus = z.infer<typeof ZRestaurantStatus>;

/** GET /api/me: who is signed in, whether they administer the platform, and their restaurants. */
export const ZMeResponse = zod.object({
  user: zod.object({ id: zod.string(), email: zod.string(), name: zod.string(), emailVerified: zod.boolean() }),
  isAdmin: zod.boolean(),
  restaurants: zod.array(
    zod.object({
      id: zod.string(),
      name: zod.string(),
      status: ZRestaurantStatus,
      role: zod.string(),
      emailVerified: zod.boolean(),
      rejectionReason: zod.string().nullable(),
      suspensionReason: zod.string().nullable(),
    }),
  ),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;
