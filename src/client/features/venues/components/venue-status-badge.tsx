import { Badge } from '../../../components/ui/badge';
import type { RestaurantStatus } from '../../../../shared/rules/restaurant-status';
import { VENUE_STATUS_LABELS } from '../../../../shared/schemas/venues';

const VARIANT = { approved: 'success', pending: 'warning', suspended: 'danger', rejected: 'danger' } as const;

/** Active, pending the platform team's approval, suspended or refused by it. */
export function VenueStatusBadge({ status }: { status: RestaurantStatus }) {
  return <Badge variant={VARIANT[status]}>{VENUE_STATUS_LABELS[status]}</Badge>;
}
