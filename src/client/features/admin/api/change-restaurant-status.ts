import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TAdminAction } from '../../../../shared/schemas/admin';
import { adminKeys } from './keys';

export type StatusChange =
  | { action: 'approve'; notes?: string }
  | { action: 'reject'; reason: string }
  | { action: 'suspend'; reason: string }
  | { action: 'reactivate' };

export type StatusChangeResult = { restaurant: { id: string; status: string }; emailSent: boolean };

export async function changeRestaurantStatus(id: string, change: StatusChange): Promise<StatusChangeResult> {
  const route = api.admin.restaurants[':id'];
  const param = { id };
  switch (change.action) {
    case 'approve':
      return readJson(await route.approve.$post({ param, json: { notes: change.notes } }));
    case 'reject':
      return readJson(await route.reject.$post({ param, json: { reason: change.reason } }));
    case 'suspend':
      return readJson(await route.suspend.$post({ param, json: { reason: change.reason } }));
    case 'reactivate':
      return readJson(await route.reactivate.$post({ param }));
  }
}

/** Approve, reject, suspend or reactivate; whatever the outcome, every admin view is refreshed. */
export function useChangeRestaurantStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => changeRestaurantStatus(id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** French wording of each action for buttons and toasts (spec §8). */
export const ACTION_TEXT: Record<TAdminAction, { button: string; success: string; failure: string; emailFailed: string }> = {
  approve: {
    button: 'Approuver',
    success: 'Restaurant approuvé',
    failure: "Impossible d'approuver le restaurant",
    emailFailed: 'Le restaurant est approuvé, mais l’email de validation n’a pas pu être envoyé.',
  },
  reject: {
    button: 'Refuser',
    success: 'Restaurant refusé',
    failure: 'Impossible de refuser le restaurant',
    emailFailed: 'La demande est refusée, mais l’email au restaurateur n’a pas pu être envoyé.',
  },
  suspend: {
    button: 'Suspendre',
    success: 'Restaurant suspendu',
    failure: 'Impossible de suspendre le restaurant',
    emailFailed: 'Le restaurant est suspendu, mais l’email au restaurateur n’a pas pu être envoyé.',
  },
  reactivate: {
    button: 'Réactiver',
    success: 'Restaurant réactivé',
    failure: 'Impossible de réactiver le restaurant',
    emailFailed: 'Le restaurant est réactivé, mais l’email au restaurateur n’a pas pu être envoyé.',
  },
};
