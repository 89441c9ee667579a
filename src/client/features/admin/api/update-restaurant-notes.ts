import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export async function updateRestaurantNotes(id: string, notes: string): Promise<{ notes: string | null }> {
  return readJson(await api.admin.restaurants[':id'].notes.$patch({ param: { id }, json: { notes } }));
}

export function useUpdateRestaurantNotes(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) => updateRestaurantNotes(id, notes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.restaurant(id) }),
  });
}
