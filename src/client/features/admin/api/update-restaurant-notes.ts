import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export async function updateOrganisationNotes(id: string, notes: string): Promise<{ notes: string | null }> {
  return readJson(await api.admin.organisations[':id'].notes.$patch({ param: { id }, json: { notes } }));
}

/** Saves an organisation's internal notes; the detail (whatever id it was opened by) is read again. */
export function useUpdateOrganisationNotes(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) => updateOrganisationNotes(id, notes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
