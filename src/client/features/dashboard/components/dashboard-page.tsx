import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { useDashboard } from '../api/get-dashboard';
import { DailyChart } from '../components/daily-chart';
import { DashboardCounters, TodayCounters } from '../components/dashboard-counters';
import { DashboardShortcuts } from '../components/dashboard-shortcuts';
import { RecentFeedbacks } from '../components/recent-feedbacks';
import { TodoList } from '../components/todo-list';
import { atRestaurant } from '../../../../shared/rules/restaurant-name';

function DashboardSkeleton() {
  const m = useOwnerMessages();
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">{m.reviews_dashboard_loading()}</span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}

export function DashboardPage() {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <>
      <div className="flex flex-col gap-5">
        <div>
          <h2 className="text-2xl font-semibold">
            {/* 'Bienvenue chez Le Bistrot !' in French (without doubling a name's own preposition), 'Welcome to Le Bistrot!' in English. */}
            {data ? m.reviews_dashboard_welcome({ place: locale === 'fr' ? atRestaurant(data.restaurantName) : data.restaurantName.trim() }) : m.reviews_dashboard_page_title()}
          </h2>
          <p className="mt-1 text-stone-600">{m.reviews_dashboard_intro()}</p>
        </div>
        {data && !data.hasReviewLink ? (
          <div role="alert" className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center" data-testid="review-link-banner">
            <AlertTriangle className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
            <p className="flex-1">{m.reviews_dashboard_no_link()}</p>
            <Link to={paths.googleSettings.href()} className="font-semibold text-amber-900 underline">
              {m.reviews_dashboard_set_link()}
            </Link>
          </div>
        ) : null}
        {dashboard.isPending ? (
          <DashboardSkeleton />
        ) : dashboard.isError ? (
          <QueryError title={m.reviews_dashboard_load_failed()} detail={dashboard.error.message} onRetry={() => void dashboard.refetch()} />
        ) : (
          <>
            <TodayCounters today={data!.today} sinceEvening={data!.sinceEvening} />
            <DashboardCounters counters={data!.counters} />
            <div className="grid gap-4 lg:grid-cols-3">
              <div className="flex flex-col gap-4 lg:col-span-2">
                <DailyChart daily={data!.daily} />
                <RecentFeedbacks feedbacks={data!.recentFeedbacks} />
              </div>
              <div className="flex flex-col gap-4">
                <TodoList todo={data!.todo} />
                <DashboardShortcuts />
              </div>
            </div>
          </>
        )}
      </div>
    </>
  );
}
