import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TDashboard } from '../../../../shared/schemas/dashboard';
import { dashboardKeys, qrKeys } from '../../../lib/query-keys';
import { reviewLinkKeys } from './keys';

export async function saveReviewLink(url: string): Promise<{ reviewUrl: string | null; validatedAt: string | null; message: string }> {
  return readJson(await api['review-link'].$put({ json: { url } }));
}

/** Saving (or removing) the link: the settings are read again, and so are the pages showing the 'no link' banner. */
export function useSaveReviewLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReviewLink,
    // The dashboard shown next must not flash the 'no link' banner from its cached copy while it reloads.
    onSuccess: (saved) =>
      queryClient.setQueriesData<TDashboard>({ queryKey: dashboardKeys.all }, (current) =>
        current ? { ...current, hasReviewLink: saved.reviewUrl !== null, todo: { ...current.todo, hasReviewLink: saved.reviewUrl !== null } } : current,
      ),
    // The link itself, the dashboard (its banner and to-do list) and the QR page's banner (read from its own list).
    onSettled: () => Promise.all([reviewLinkKeys.all, dashboardKeys.all, qrKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
