import { MessageSquareText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import { errorMessage } from '../../../lib/toast';
import { useTodayReviews } from '../api/get-today-reviews';
import { formatDecimal, formatTime } from '../../../../shared/format';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { qrLabelShown } from '../../../../shared/rules/qr-label';

/** 'Avis du jour' on the counter: the evening's ratings and comments by table, without anything of the diners. */
export function TodayReviews() {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const today = useTodayReviews();
  const items = today.data?.pages.flatMap((page) => page.items) ?? [];
  const summary = today.data?.pages[0]?.summary;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.counter_today_title()}</CardTitle>
        <CardDescription>
          {summary && summary.count > 0
            ? `${m.counter_today_count({ count: summary.count })}${summary.average !== null ? m.counter_today_average({ average: formatDecimal(summary.average, 1, locale) }) : ''}.`
            : m.counter_today_intro()}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {today.isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : today.isError ? (
          <QueryError title={m.counter_today_load_failed()} detail={errorMessage(today.error)} onRetry={() => void today.refetch()} />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-stone-600">
            <MessageSquareText className="size-8 text-stone-400" aria-hidden="true" />
            <p>{m.counter_today_empty()}</p>
          </div>
        ) : (
          <ul className="space-y-3" aria-label={m.counter_today_title()}>
            {items.map((item) => (
              <li key={item.id} className="space-y-1 border-b border-stone-100 pb-3 last:border-0 last:pb-0">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <Stars rating={item.rating} />
                  <span className="text-stone-600">
                    {formatTime(item.createdAt, locale)}
                    {item.tableLabel ? ` · ${qrLabelShown(item.tableLabel, locale)}` : ''}
                  </span>
                </div>
                {item.comment ? <p className="text-sm text-stone-800">{m.counter_comment({ comment: item.comment })}</p> : null}
              </li>
            ))}
          </ul>
        )}
        {today.hasNextPage ? (
          <Button type="button" variant="outline" className="mt-4 w-full" disabled={today.isFetchingNextPage} onClick={() => void today.fetchNextPage()}>
            {today.isFetchingNextPage ? m.counter_loading() : m.counter_more()}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
