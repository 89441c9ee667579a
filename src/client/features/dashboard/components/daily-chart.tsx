import { lazy, Suspense } from 'react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import type { TDashboard } from '../../../../shared/schemas/dashboard';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { formatCalendarDay, formatCount, formatDecimal } from '../../../../shared/format';

// uPlot (≈ 20 KB gzip) is downloaded with the chart only, after the dashboard's numbers are shown.
const DailyChartCanvas = lazy(() => import('./daily-chart-canvas'));

/** 30 days of feedbacks and average rating: a chart for the eye, the same figures as a table for screen readers. */
export function DailyChart({ daily }: { daily: TDashboard['daily'] }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const total = daily.reduce((sum, day) => sum + day.feedbacks, 0);
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold" id="daily-chart-title">
          {m.reviews_chart_title()}
        </h2>
        <p className="text-sm text-stone-600">{m.reviews_count({ count: total, shown: formatCount(total, locale) })}</p>
      </div>
      <Suspense fallback={<Skeleton className="h-[220px] w-full" />}>
        <DailyChartCanvas daily={daily} m={m} locale={locale} />
      </Suspense>
      <details className="text-sm">
        <summary className="w-fit cursor-pointer text-brand-700 hover:underline">{m.reviews_chart_data()}</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left text-sm" aria-labelledby="daily-chart-title" data-testid="daily-table">
            <thead className="sticky top-0 bg-white">
              <tr className="border-b border-stone-200">
                <th scope="col" className="py-1.5 pr-3 font-medium">{m.reviews_chart_day()}</th>
                <th scope="col" className="py-1.5 pr-3 font-medium">{m.reviews_chart_feedbacks()}</th>
                <th scope="col" className="py-1.5 pr-3 font-medium">{m.reviews_chart_average()}</th>
                <th scope="col" className="py-1.5 font-medium">{m.reviews_chart_visits()}</th>
              </tr>
            </thead>
            <tbody>
              {[...daily].reverse().map((day) => (
                <tr key={day.day} className="border-b border-stone-100">
                  <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">{formatCalendarDay(day.day, locale)}</th>
                  <td className="py-1 pr-3 tabular-nums">{formatCount(day.feedbacks, locale)}</td>
                  <td className="py-1 pr-3 tabular-nums">{day.averageRating === null ? '–' : formatDecimal(day.averageRating, 1, locale)}</td>
                  <td className="py-1 tabular-nums">{formatCount(day.visits, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}
