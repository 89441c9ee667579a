import { CalendarDays, MessageSquare, Star, Sun, ThumbsUp } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import type { TDashboard } from '../../../../shared/schemas/dashboard';

const formatAverage = (value: number | null) => (value === null ? 'N/A' : value.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));

const countLabel = (count: number) => `${count.toLocaleString('fr-FR')} avis`;

/**
 * Today next to the spec's counters (issue #26): today's feedbacks and their average, and after 16:00
 * Paris those since 16:00 — what a busy evening looks like, not only the last 10.
 */
export function TodayCounters({ today, sinceEvening }: Pick<TDashboard, 'today' | 'sinceEvening'>) {
  const items = [
    { id: 'today', label: 'Aujourd’hui', numbers: today },
    ...(sinceEvening ? [{ id: 'evening', label: 'Depuis 16 h', numbers: sinceEvening }] : []),
  ];
  return (
    <ul className={`grid gap-3 ${items.length === 2 ? 'grid-cols-2' : 'grid-cols-1'}`} aria-label="Aujourd’hui">
      {items.map(({ id, label, numbers }) => (
        <li key={id}>
          <Card className="flex h-full flex-col gap-1 border-brand-200 bg-brand-50/40 p-4" data-testid={`counter-${id}`}>
            <span className="flex items-center gap-1.5 text-xs font-medium text-stone-600 sm:text-sm">
              <Sun className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              {label}
            </span>
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-2xl font-semibold tabular-nums sm:text-3xl" data-testid={`counter-${id}-average`}>
                {formatAverage(numbers.averageRating)}
                <span className="sr-only"> de note moyenne</span>
              </span>
              <span className="text-sm text-stone-600 tabular-nums" data-testid={`counter-${id}-count`}>
                {countLabel(numbers.count)}
              </span>
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The four counters of spec §2, as the server computed them. */
export function DashboardCounters({ counters }: { counters: TDashboard['counters'] }) {
  const items = [
    { id: 'visits', label: 'Visites (7 derniers jours)', value: counters.visitsLast7Days.toLocaleString('fr-FR'), icon: CalendarDays },
    { id: 'average', label: 'Note moyenne (10 derniers avis)', value: formatAverage(counters.averageRating), icon: Star },
    { id: 'good', label: 'Avis publics (4★ et plus)', value: counters.goodRatings.toLocaleString('fr-FR'), icon: ThumbsUp, hint: 'Clients invités à publier leur avis parmi les 10 derniers' },
    { id: 'recent', label: 'Avis récents', value: counters.recentCount.toLocaleString('fr-FR'), icon: MessageSquare, hint: 'Sur les 10 derniers' },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Indicateurs">
      {items.map(({ id, label, value, icon: Icon, hint }) => (
        <li key={id}>
          <Card className="flex h-full flex-col gap-1 p-4" data-testid={`counter-${id}`}>
            <span className="flex items-center gap-1.5 text-xs font-medium text-stone-600 sm:text-sm">
              <Icon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              {label}
            </span>
            <span className="text-2xl font-semibold tabular-nums sm:text-3xl" data-testid={`counter-${id}-value`}>
              {value}
            </span>
            {hint ? <span className="text-xs text-stone-500">{hint}</span> : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
