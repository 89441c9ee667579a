import type { Role } from '../../../shared/rules/permissions';
import type { Logger } from '../runtime/logger';
import type { SessionRead } from './session-read';

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };
/** The venue a member's request acts on, its organisation and the member's role there (auth/guards.ts requireMember). */
export type Tenant = { restaurantId: string; organisationId: string; role: Role };

/** Variables the middlewares put on the Hono context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    user: SessionUser;
    /** The whole session read (user, restaurants, admin flag), set with `user` by the guards. */
    session: SessionRead;
    tenant: Tenant;
  };
};
