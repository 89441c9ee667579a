import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type {
  TCreateWebhookEndpointRequest,
  TUpdateWebhookEndpointRequest,
  TWebhookDeliveriesPage,
  TWebhookEndpoint,
  TWebhookEndpointWithSecret,
} from '../../../../shared/schemas/webhooks';

/** Query keys of the webhook pages (/developpeurs/webhooks). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  endpoint: (id: string) => [...webhookKeys.all, 'endpoint', id] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};

export async function getEndpoints(): Promise<{ endpoints: TWebhookEndpoint[] }> {
  return readJson<{ endpoints: TWebhookEndpoint[] }>(await api.webhooks.$get());
}

export function useWebhookEndpoints() {
  return useQuery(queryOptions({ queryKey: webhookKeys.list(), queryFn: getEndpoints }));
}

export async function getEndpoint(id: string): Promise<TWebhookEndpoint> {
  return readJson<TWebhookEndpoint>(await api.webhooks[':id'].$get({ param: { id } }));
}

export function useWebhookEndpoint(id: string) {
  return useQuery(queryOptions({ queryKey: webhookKeys.endpoint(id), queryFn: () => getEndpoint(id) }));
}

export async function getDeliveries(id: string, cursor: string | undefined): Promise<TWebhookDeliveriesPage> {
  return readJson<TWebhookDeliveriesPage>(await api.webhooks[':id'].deliveries.$get({ param: { id }, query: cursor ? { cursor } : {} }));
}

export function useWebhookDeliveries(id: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: webhookKeys.deliveries(id),
      queryFn: ({ pageParam }) => getDeliveries(id, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  );
}

/** A webhook change, then every webhook query read again. */
function useWebhookMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export function useCreateEndpoint() {
  return useWebhookMutation(async (json: TCreateWebhookEndpointRequest) => readJson<TWebhookEndpointWithSecret>(await api.webhooks.$post({ json })));
}

export function useUpdateEndpoint() {
  return useWebhookMutation(async ({ id, ...json }: TUpdateWebhookEndpointRequest & { id: string }) =>
    readJson<TWebhookEndpoint>(await api.webhooks[':id'].$patch({ param: { id }, json })),
  );
}

export function useDeleteEndpoint() {
  return useWebhookMutation(async (id: string) => readJson(await api.webhooks[':id'].$delete({ param: { id } })));
}

export function useRotateSecret() {
  return useWebhookMutation(async (id: string) => readJson<TWebhookEndpointWithSecret>(await api.webhooks[':id']['rotate-secret'].$post({ param: { id } })));
}

export function useSendTestEvent() {
  return useWebhookMutation(async (id: string) => readJson<{ deliveryId: string }>(await api.webhooks[':id'].test.$post({ param: { id } })));
}

export function useResendDelivery() {
  return useWebhookMutation(async ({ id, deliveryId }: { id: string; deliveryId: string }) =>
    readJson(await api.webhooks[':id'].deliveries[':deliveryId'].resend.$post({ param: { id, deliveryId } })),
  );
}
