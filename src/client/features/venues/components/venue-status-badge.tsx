import { Badge } from '../../../components/ui/badge';
import type { RestaurantStatus } from '../../../../shared/rules/restaurant-status';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { statusLabel } from '../format';

const VARIANT = { approved: 'success', pending: 'warning', suspended: 'danger', rejected: 'danger' } as const;

/** Active, pending the platform team's approval, suspended or refused by it. */
export function VenueStatusBadge({ status }: { status: RestaurantStatus }) {
  const m = useOwnerMessages();
  return <Badge variant={VARIANT[status]}>{statusLabel(m, status)}</Badge>;
}
