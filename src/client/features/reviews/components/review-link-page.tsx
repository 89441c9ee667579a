import { AlertTriangle, BadgeCheck } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { useReviewLink } from '../api/get-review-link';
import { ManualLinkForm } from '../components/manual-link-form';
import { PlaceSearch } from '../components/place-search';
import { ReviewPromptSwitch } from '../components/review-prompt-switch';
import { formatDate } from '../../../../shared/format';
import { BackLink, PageHeader } from '../../../components/ui/page-header';

export function ReviewLinkPage() {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const settings = useReviewLink();
  const data = settings.data;
  const howTo = [m.reviews_link_how_1(), m.reviews_link_how_2(), m.reviews_link_how_3(), m.reviews_link_how_4()];
  return (
    <>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
        <BackLink to={paths.dashboard.href()}>{m.reviews_link_back()}</BackLink>
        <PageHeader title={m.reviews_link_title()} description={m.reviews_link_description()} />
        {settings.isPending ? (
          <div role="status" aria-live="polite" className="flex flex-col gap-4">
            <span className="sr-only">{m.reviews_link_loading()}</span>
            <Skeleton className="h-16" />
            <Skeleton className="h-48" />
          </div>
        ) : settings.isError ? (
          <QueryError title={m.reviews_link_load_failed()} detail={settings.error.message} onRetry={() => void settings.refetch()} />
        ) : (
          <>
            <div aria-live="polite" data-testid="review-link-status">
              {data!.reviewUrl && data!.validatedAt ? (
                <p className="flex flex-wrap items-center gap-2 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
                  <BadgeCheck className="size-5 text-green-700" aria-hidden="true" />
                  <span>
                    {m.reviews_link_checked({ date: formatDate(data!.validatedAt, locale) })}{' '}
                    <a href={data!.reviewUrl} target="_blank" rel="noopener noreferrer" className="font-medium break-all underline">
                      {data!.reviewUrl}
                    </a>
                  </span>
                </p>
              ) : (
                <p className="flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
                  <AlertTriangle className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
                  {m.reviews_link_none()}
                </p>
              )}
            </div>
            <PlaceSearch configured={data!.placesSearchConfigured} />
            <ManualLinkForm key={data!.reviewUrl ?? ''} current={data!.reviewUrl} />
            <ReviewPromptSwitch enabled={data!.reviewPromptAllRatings} />
            <Card className="p-4 sm:p-5">
              <h2 className="text-lg font-semibold">{m.reviews_link_where()}</h2>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-stone-700">
                {howTo.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Card>
          </>
        )}
      </div>
    </>
  );
}
