import { QrCode } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Stars } from '../../../components/ui/stars';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatDateTimeFr } from '../../../../shared/format';
import { DASHBOARD_EMPTY_FEEDBACKS, GOOD_RATING, type TDashboard } from '../../../../shared/schemas/dashboard';
import { qrLabelShown } from '../../../../shared/rules/qr-label';

/** 'Avis récents': stars, French date and comment; green from 4 stars, red below (spec §2). */
export function RecentFeedbacks({ feedbacks }: { feedbacks: TDashboard['recentFeedbacks'] }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <h2 className="text-lg font-semibold">Avis récents</h2>
      {feedbacks.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-stone-300 p-6 text-center">
          <QrCode className="size-8 text-stone-400" aria-hidden="true" />
          <p className="text-sm text-stone-700">{DASHBOARD_EMPTY_FEEDBACKS}</p>
          <Link to={paths.qr.href()} className="text-sm font-medium text-brand-700 hover:underline">
            Imprimer mes QR codes
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="recent-feedbacks">
          {feedbacks.map((feedback) => {
            const good = feedback.rating >= GOOD_RATING;
            return (
              <li
                key={feedback.id}
                className={cn('rounded-lg border-l-4 p-3', good ? 'border-green-600 bg-green-50' : 'border-red-600 bg-red-50')}
                data-rating={feedback.rating}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Stars rating={feedback.rating} />
                  <time dateTime={feedback.createdAt} className="text-xs text-stone-600">
                    {formatDateTimeFr(feedback.createdAt)}
                  </time>
                </div>
                {feedback.comment ? <p className="mt-1 text-sm break-words text-stone-800">« {feedback.comment} »</p> : null}
                {feedback.firstName || feedback.tableLabel ? (
                  <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-600">
                    {feedback.tableLabel ? (
                      <span className="inline-flex items-center gap-1" data-testid="feedback-table">
                        <QrCode className="size-3.5" aria-hidden="true" />
                        <span className="sr-only">Table : </span>
                        {qrLabelShown(feedback.tableLabel)}
                      </span>
                    ) : null}
                    {feedback.firstName ? <span>{feedback.firstName}</span> : null}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
