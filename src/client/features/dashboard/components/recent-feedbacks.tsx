import { QrCode } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Stars } from '../../../components/ui/stars';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { formatDateTime } from '../../../../shared/format';
import { GOOD_RATING, type TDashboard } from '../../../../shared/schemas/dashboard';
import { qrLabelShown } from '../../../../shared/rules/qr-label';

/** 'Avis récents': stars, date (in the owner's language) and comment; green from 4 stars, red below (spec §2). */
export function RecentFeedbacks({ feedbacks }: { feedbacks: TDashboard['recentFeedbacks'] }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <h2 className="text-lg font-semibold">{m.reviews_recent_title()}</h2>
      {feedbacks.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-stone-300 p-6 text-center">
          <QrCode className="size-8 text-stone-400" aria-hidden="true" />
          <p className="text-sm text-stone-700">{m.reviews_inbox_empty()}</p>
          <Link to={paths.qr.href()} className="text-sm font-medium text-brand-700 hover:underline">
            {m.reviews_recent_print_qr()}
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="recent-feedbacks">
          {feedbacks.map((feedback) => {
            const good = feedback.rating >= GOOD_RATING;
            // The stored main label is the spec's English: shown as is to an English owner.
            const table = locale === 'en' ? feedback.tableLabel : qrLabelShown(feedback.tableLabel);
            return (
              <li
                key={feedback.id}
                className={cn('rounded-lg border-l-4 p-3', good ? 'border-green-600 bg-green-50' : 'border-red-600 bg-red-50')}
                data-rating={feedback.rating}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Stars rating={feedback.rating} />
                  <time dateTime={feedback.createdAt} className="text-xs text-stone-600">
                    {formatDateTime(feedback.createdAt, locale)}
                  </time>
                </div>
                {feedback.comment ? <p className="mt-1 text-sm break-words text-stone-800">{m.reviews_quoted({ comment: feedback.comment })}</p> : null}
                {feedback.firstName || table ? (
                  <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-600">
                    {table ? (
                      <span className="inline-flex items-center gap-1" data-testid="feedback-table">
                        <QrCode className="size-3.5" aria-hidden="true" />
                        <span className="sr-only">{`${m.reviews_recent_table()} `}</span>
                        {table}
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
