import { toast } from 'sonner';
import { toastError } from '../../../lib/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TAdminAction } from '../../../../shared/schemas/admin';
import { adminKeys } from './keys';

export type StatusChange =
  | { action: 'approve'; notes?: string }
  | { action: 'reject'; reason: string }
  | { action: 'suspend'; reason: string }
  | { action: 'reactivate' };

export type StatusChangeResult = { organisation: { id: string; status: string }; emailSent: boolean };

/** A decision on the organisation (decision 055): all its venues follow. */
export async function changeOrganisationStatus(id: string, change: StatusChange): Promise<StatusChangeResult> {
  const route = api.admin.organisations[':id'];
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

/** Approve, reject, suspend or reactivate an organisation; whatever the outcome, every admin view is refreshed. */
export function useChangeOrganisationStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => changeOrganisationStatus(id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export type VenueStatusChange = { action: 'suspend'; reason: string } | { action: 'reactivate' };

/** One venue alone suspended or reactivated (its organisation and the other venues untouched). */
export async function changeVenueStatus(id: string, change: VenueStatusChange): Promise<{ emailSent: boolean }> {
  const route = api.admin.restaurants[':id'];
  return change.action === 'suspend'
    ? readJson(await route.suspend.$post({ param: { id }, json: { reason: change.reason } }))
    : readJson(await route.reactivate.$post({ param: { id } }));
}

export function useChangeVenueStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: VenueStatusChange) => changeVenueStatus(id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The wording of a venue's own suspension and reactivation. */
export const VENUE_ACTION_TEXT = {
  suspend: {
    button: 'Suspendre cet établissement',
    success: 'Établissement suspendu',
    failure: 'Impossible de suspendre l’établissement',
    emailFailed: 'L’établissement est suspendu, mais l’email aux propriétaires n’a pas pu être envoyé.',
  },
  reactivate: {
    button: 'Réactiver',
    success: 'Établissement réactivé',
    failure: 'Impossible de réactiver l’établissement',
    emailFailed: 'L’établissement est réactivé, mais l’email aux propriétaires n’a pas pu être envoyé.',
  },
} as const;

/**
 * French wording of each action on an organisation for buttons and toasts: the failures keep spec §8's exact
 * words; the successes name the organisation (decision 055).
 */
export const ACTION_TEXT: Record<TAdminAction, { button: string; success: string; failure: string; emailFailed: string }> = {
  approve: {
    button: 'Approuver',
    success: 'Organisation approuvée',
    failure: "Impossible d'approuver le restaurant",
    emailFailed: 'L’organisation est approuvée, mais l’email de validation n’a pas pu être envoyé.',
  },
  reject: {
    button: 'Refuser',
    success: 'Organisation refusée',
    failure: 'Impossible de refuser le restaurant',
    emailFailed: 'La demande est refusée, mais l’email aux propriétaires n’a pas pu être envoyé.',
  },
  suspend: {
    button: 'Suspendre',
    success: 'Organisation suspendue',
    failure: 'Impossible de suspendre le restaurant',
    emailFailed: 'L’organisation est suspendue, mais l’email aux propriétaires n’a pas pu être envoyé.',
  },
  reactivate: {
    button: 'Réactiver',
    success: 'Organisation réactivée',
    failure: 'Impossible de réactiver le restaurant',
    emailFailed: 'L’organisation est réactivée, mais l’email aux propriétaires n’a pas pu être envoyé.',
  },
};

/**
 * Sends one status change (of an organisation or a venue) and says the outcome, as every admin action does:
 * the success toast, a warning when the email failed while the change stands, the spec's failure words.
 */
export function runStatusChange<Request>(
  mutation: { mutate: (request: Request, callbacks: { onSuccess: (result: { emailSent: boolean }) => void; onError: (error: Error) => void }) => void },
  request: Request,
  text: { success: string; failure: string; emailFailed: string },
  close: () => void,
): void {
  mutation.mutate(request, {
    onSuccess: (result) => {
      close();
      if (result.emailSent) toast.success(text.success);
      else toast.warning(text.success, { description: text.emailFailed });
    },
    onError: (error) => {
      close();
      toastError(text.failure, error);
    },
  });
}
