import { AlertTriangle, Gift, Megaphone, QrCode, Users } from 'lucide-react';
import { Link } from 'react-router';
import { OwnerPage } from '../../layouts/owner-layout';
import { Card } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useDashboard } from '../../../features/dashboard/api/get-dashboard';
import { DailyChart } from '../../../features/dashboard/components/daily-chart';
import { DashboardCounters, TodayCounters } from '../../../features/dashboard/components/dashboard-counters';
import { RecentFeedbacks } from '../../../features/dashboard/components/recent-feedbacks';
import { TodoList } from '../../../features/dashboard/components/todo-list';
import { atRestaurant } from '../../../../shared/rules/restaurant-name';
import { NO_REVIEW_LINK_WARNING } from '../../../../shared/schemas/dashboard';

const TILES = [
  { to: paths.customers.href(), label: 'Clients', text: 'Retrouvez vos clients et leurs points.', icon: Users },
  { to: paths.loyalty.href(), label: 'Fidélité', text: 'Règles de points et récompenses.', icon: Gift },
  { to: paths.qr.href(), label: 'QR codes', text: 'Imprimez vos QR codes pour vos tables.', icon: QrCode },
  { to: paths.automations.href(), label: 'Automations', text: 'Les emails envoyés automatiquement.', icon: Megaphone },
];

function DashboardSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">Chargement du tableau de bord…</span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}

export default function DashboardPage() {
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <OwnerPage title="Tableau de bord">
      <div className="flex flex-col gap-5">
        <div>
          <h2 className="text-2xl font-semibold">{data ? `Bienvenue ${atRestaurant(data.restaurantName)} !` : 'Tableau de bord'}</h2>
          <p className="mt-1 text-stone-600">Vos avis et vos clients en un coup d’œil.</p>
        </div>
        {data && !data.hasReviewLink ? (
          <div role="alert" className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center" data-testid="review-link-banner">
            <AlertTriangle className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
            <p className="flex-1">{NO_REVIEW_LINK_WARNING}</p>
            <Link to={paths.googleSettings.href()} className="font-semibold text-amber-900 underline">
              Configurer le lien d’avis
            </Link>
          </div>
        ) : null}
        {dashboard.isPending ? (
          <DashboardSkeleton />
        ) : dashboard.isError ? (
          <QueryError title="Impossible de charger le tableau de bord" detail={dashboard.error.message} onRetry={() => void dashboard.refetch()} />
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
                <ul className="grid grid-cols-2 gap-3 lg:grid-cols-1" aria-label="Raccourcis">
                  {TILES.map(({ to, label, text, icon: Icon }) => (
                    <li key={to}>
                      <Card className="h-full transition-colors hover:border-brand-200 hover:bg-brand-50">
                        <Link to={to} className="flex h-full items-start gap-3 p-4">
                          <Icon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                          <span>
                            <span className="block font-semibold">{label}</span>
                            <span className="block text-sm text-stone-600">{text}</span>
                          </span>
                        </Link>
                      </Card>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </>
        )}
      </div>
    </OwnerPage>
  );
}
