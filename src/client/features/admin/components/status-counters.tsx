import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { type TAdminRestaurantStatus } from '../../../../shared/schemas/admin';
import { RESTAURANT_STATUSES } from '../../../../shared/rules/restaurant-status';
import { formatCount } from '../../../../shared/format';

const COUNTER_LABELS: Record<TAdminRestaurantStatus, string> = {
  pending: 'En attente',
  approved: 'Approuvées',
  rejected: 'Refusées',
  suspended: 'Suspendues',
};

const ACCENT: Record<TAdminRestaurantStatus, string> = {
  pending: 'border-l-amber-500',
  approved: 'border-l-green-600',
  rejected: 'border-l-red-600',
  suspended: 'border-l-stone-500',
};

/** One counter per status; each opens the directory filtered on that status. */
export function StatusCounters({ counts }: { counts: Record<TAdminRestaurantStatus, number> }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Organisations par statut">
      {RESTAURANT_STATUSES.map((status) => (
        <li key={status}>
          <Link to={`${paths.adminRestaurants.href()}?status=${status}`} className="block rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600">
            <Card className={cn('border-l-4 p-4 transition-colors hover:bg-stone-50', ACCENT[status])}>
              <p className="text-sm text-stone-600">{COUNTER_LABELS[status]}</p>
              <p className="mt-1 text-3xl font-semibold tabular-nums" data-testid={`count-${status}`}>
                {formatCount(counts[status])}
              </p>
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  );
}
