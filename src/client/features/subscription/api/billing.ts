import { useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client';
import type { TCheckoutRequest } from '../../../../shared/schemas/billing';

export type TBillingStatus = InferResponseType<typeof api.billing.status.$get, 200>;

export const billingKeys = { status: ['billing', 'status'] as const };

/** The billing state for the banner (GET /api/billing/status, propriétaire): a failed payment, the read-only state it led to. */
export function useBillingStatus(enabled: boolean) {
  return useQuery({ queryKey: billingKeys.status, queryFn: async () => readJson(await api.billing.status.$get()), enabled, staleTime: 60_000 });
}

/** Opens Stripe Checkout for the chosen plan and period: the browser leaves for Stripe's page. */
export function useCheckout() {
  return useMutation({
    mutationFn: async (input: TCheckoutRequest) => readJson(await api.billing.checkout.$post({ json: input })),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Opens the Stripe Customer Portal (plan, period, payment method, invoices, cancellation). */
export function usePortal() {
  return useMutation({
    mutationFn: async () => readJson(await api.billing.portal.$post()),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
