import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type AdminOrganisationDetail = InferResponseType<(typeof api.admin.organisations)[':id']['$get'], 200>;
export type AdminVenue = AdminOrganisationDetail['venues'][number];

/** An organisation with its venues, members and history (a venue's id names its organisation too). */
export async function getAdminOrganisation(id: string): Promise<AdminOrganisationDetail> {
  return readJson(await api.admin.organisations[':id'].$get({ param: { id } }));
}

export function useAdminOrganisation(id: string) {
  return useQuery({ queryKey: adminKeys.restaurant(id), queryFn: () => getAdminOrganisation(id) });
}
