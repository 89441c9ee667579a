import { MessageSquareText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import { errorMessage } from '../../../lib/toast';
import { useTodayReviews } from '../api/get-today-reviews';
import { formatDecimal, formatTimeFr } from '../../../../shared/format';
import { qrLabelShown } from '../../../../shared/rules/qr-label';

/** 'Avis du jour' on the counter: the evening's ratings and comments by table, without anything of the diners. */
export function TodayReviews() {
  const today = useTodayReviews();
  const items = today.data?.pages.flatMap((page) => page.items) ?? [];
  const summary = today.data?.pages[0]?.summary;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Avis du jour</CardTitle>
        <CardDescription>
          {summary && summary.count > 0
            ? `${summary.count} avis aujourd’hui${summary.average !== null ? `, moyenne ${formatDecimal(summary.average)}/5` : ''}.`
            : 'Les notes et commentaires laissés aujourd’hui, table par table.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {today.isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : today.isError ? (
          <QueryError title="Impossible de charger les avis du jour" detail={errorMessage(today.error)} onRetry={() => void today.refetch()} />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-stone-600">
            <MessageSquareText className="size-8 text-stone-400" aria-hidden="true" />
            <p>Aucun avis pour l’instant aujourd’hui.</p>
          </div>
        ) : (
          <ul className="space-y-3" aria-label="Avis du jour">
            {items.map((item) => (
              <li key={item.id} className="space-y-1 border-b border-stone-100 pb-3 last:border-0 last:pb-0">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <Stars rating={item.rating} />
                  <span className="text-stone-600">
                    {formatTimeFr(item.createdAt)}
                    {item.tableLabel ? ` · ${qrLabelShown(item.tableLabel)}` : ''}
                  </span>
                </div>
                {item.comment ? <p className="text-sm text-stone-800">« {item.comment} »</p> : null}
              </li>
            ))}
          </ul>
        )}
        {today.hasNextPage ? (
          <Button type="button" variant="outline" className="mt-4 w-full" disabled={today.isFetchingNextPage} onClick={() => void today.fetchNextPage()}>
            {today.isFetchingNextPage ? 'Chargement…' : 'Voir plus'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
