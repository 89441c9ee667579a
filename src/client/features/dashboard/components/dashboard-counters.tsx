import { CalendarDays, MessageSquare, Star, ThumbsUp } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import type { TDashboard } from '../../../../shared/schemas/dashboard';

const formatAverage = (value: number | null) => (value === null ? 'N/A' : value.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));

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
