import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TReviewLinkSettings } from '../../../../shared/schemas/review-link';
import { reviewLinkKeys } from './keys';

export async function getReviewLink(): Promise<TReviewLinkSettings> {
  return readJson<TReviewLinkSettings>(await api['review-link'].$get());
}

export function getReviewLinkQueryOptions() {
  return queryOptions({ queryKey: reviewLinkKeys.all, queryFn: getReviewLink });
}

export function useReviewLink() {
  return useQuery(getReviewLinkQueryOptions());
}
