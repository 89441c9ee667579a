import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client';

export type TSubscription = InferResponseType<typeof api.subscription.$get, 200>;

export const subscriptionKeys = { all: ['subscription'] as const };

export async function getSubscription(): Promise<TSubscription> {
  return readJson(await api.subscription.$get());
}

/** The organisation's plan, trial and this month's usage (GET /api/subscription, propriétaire). */
export function useSubscription() {
  return useQuery(queryOptions({ queryKey: subscriptionKeys.all, queryFn: getSubscription }));
}
