import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TApiKeyCreated, TApiKeysResponse, TCreateApiKeyRequest } from '../../../../shared/schemas/api-keys';

/** Query keys of the API keys (/developpeurs). */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
};

/** The organisation's keys (newest first) and its venues (the create form's choices). */
export async function getApiKeys(): Promise<TApiKeysResponse> {
  return readJson<TApiKeysResponse>(await api['api-keys'].$get());
}

export const apiKeysQuery = () => queryOptions({ queryKey: apiKeyKeys.all, queryFn: getApiKeys });

export function useApiKeys() {
  return useQuery(apiKeysQuery());
}

/** Creates a key: the answer carries its secret, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TCreateApiKeyRequest): Promise<TApiKeyCreated> => readJson<TApiKeyCreated>(await api['api-keys'].$post({ json: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** Revokes a key: it stops working at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => readJson(await api['api-keys'][':id'].$delete({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
