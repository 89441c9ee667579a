import { Gift, ScanLine } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { usePendingRewards } from '../api/get-pending-rewards';
import { CounterCustomerLine, CounterRewardRow } from '../components/counter-reward';
import { errorMessage } from '../../../lib/toast';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** /recompenses (issue 27): every reward waiting to be handed over, oldest first, with the diner and the date. */
export function PendingRewardsPage() {
  const m = useOwnerMessages();
  const pending = usePendingRewards();
  const items = pending.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <div className="mx-auto w-full max-w-3xl space-y-4">
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
            <div>
              <CardTitle>{m.counter_pending_page_title()}</CardTitle>
              <CardDescription>{m.counter_pending_intro()}</CardDescription>
            </div>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.counter.href()}>
                <ScanLine aria-hidden="true" />
                {m.counter_page_title()}
              </Link>
            </Button>
          </CardHeader>
          <CardContent>
            {pending.isPending ? (
              <div className="space-y-3">
                <Skeleton className="h-16 w-full" />
                <Skeleton className="h-16 w-full" />
              </div>
            ) : pending.isError ? (
              <QueryError title={m.counter_pending_load_failed()} detail={errorMessage(pending.error)} onRetry={() => void pending.refetch()} />
            ) : items.length === 0 ? (
              <div className="flex flex-col items-center gap-2 py-10 text-center text-stone-600">
                <Gift className="size-8 text-stone-400" aria-hidden="true" />
                <p>{m.counter_pending_empty()}</p>
              </div>
            ) : (
              <ul className="space-y-4" aria-label={m.counter_pending_page_title()}>
                {items.map((item) => (
                  <li key={item.id} className="space-y-2 border-b border-stone-100 pb-4 last:border-0 last:pb-0">
                    <CounterCustomerLine customer={item.customer} />
                    <CounterRewardRow reward={item} />
                  </li>
                ))}
              </ul>
            )}
            {pending.hasNextPage ? (
              <Button type="button" variant="outline" className="mt-4 w-full" disabled={pending.isFetchingNextPage} onClick={() => void pending.fetchNextPage()}>
                {pending.isFetchingNextPage ? m.counter_loading() : m.counter_more()}
              </Button>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
