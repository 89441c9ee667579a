/** Every /api route, mounted under /api by app.ts: the one list of the API's features. */
import { createQuotaRoutes } from './features/quota/quota.routes';
import { Hono } from 'hono';
import type { AppDeps } from './deps';
import { createApiKeyRoutes } from './features/api-keys/api-keys.routes';
import { createAccountRoutes } from './features/accounts/accounts.routes';
import { createAdminRoutes } from './features/admin/admin.routes';
import { createDinerRoutes } from './features/diner/diner.routes';
import { createMyDataRoutes } from './features/diner/my-data.routes';
import { createQrRoutes } from './features/qr/qr.routes';
import { createCustomerRoutes } from './features/customers/customers.routes';
import { createDashboardRoutes } from './features/dashboard/dashboard.routes';
import { createLoyaltyRoutes } from './features/loyalty/loyalty.routes';
import { createAutomationRoutes } from './features/automations/automations.routes';
import { createReviewLinkRoutes } from './features/reviews/review-link.routes';
import { createSecurityRoutes } from './features/security/security.routes';
import { createInboxRoutes } from './features/inbox/inbox.routes';
import { createCounterRoutes } from './features/counter/counter.routes';
import { createHealthRoutes } from './features/health/health.routes';
import { createSettingsRoutes } from './features/settings/settings.routes';
import { createInvitationRoutes } from './features/team/invitations.routes';
import { createTeamRoutes } from './features/team/team.routes';
import { createVenueRoutes } from './features/venues/venues.routes';
import { createSubscriptionRoutes } from './features/subscription/subscription.routes';
import { createBillingRoutes } from './features/billing/billing.routes';
import { createWebhookRoutes } from './features/webhooks/webhooks.routes';
import type { AppEnv } from './lib/http/hono-env';

/** Every /api route, chained so `hc<AppType>` types the client calls. */
export function createApiRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/health', createHealthRoutes(deps))
    .route('/', createAccountRoutes(deps))
    .route('/admin', createAdminRoutes(deps))
    .route('/qr', createQrRoutes(deps))
    .route('/dashboard', createDashboardRoutes(deps))
    .route('/customers', createCustomerRoutes(deps))
    .route('/inbox', createInboxRoutes(deps))
    .route('/counter', createCounterRoutes(deps))
    .route('/loyalty', createLoyaltyRoutes(deps))
    .route('/review-link', createReviewLinkRoutes(deps))
    .route('/automations', createAutomationRoutes(deps))
    .route('/security', createSecurityRoutes(deps))
    .route('/settings', createSettingsRoutes(deps))
    .route('/email-usage', createQuotaRoutes(deps))
    .route('/team', createTeamRoutes(deps))
    .route('/invitations', createInvitationRoutes(deps))
    .route('/venues', createVenueRoutes(deps))
    .route('/subscription', createSubscriptionRoutes(deps))
    .route('/billing', createBillingRoutes(deps))
    .route('/api-keys', createApiKeyRoutes(deps))
    .route('/webhooks', createWebhookRoutes(deps))
    .route('/public', createDinerRoutes(deps))
    .route('/public', createMyDataRoutes(deps));
}

export type AppType = ReturnType<typeof createApiRoutes>;
