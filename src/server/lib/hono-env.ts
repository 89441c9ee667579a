import type { Logger } from './logger';

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };
export type Tenant = { restaurantId: string; role: string };

/** Variables the middlewares put on the Hono context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    user: SessionUser;
    tenant: Tenant;
  };
};
