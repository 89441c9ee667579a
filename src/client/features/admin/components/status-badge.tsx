import { Badge } from '../../../components/ui/badge';
import { RESTAURANT_STATUS_LABELS, type TAdminRestaurantStatus } from '../../../../shared/schemas/admin';

const VARIANT = { pending: 'warning', approved: 'success', rejected: 'danger', suspended: 'neutral' } as const;

export function RestaurantStatusBadge({ status }: { status: TAdminRestaurantStatus }) {
  return <Badge variant={VARIANT[status]}>{RESTAURANT_STATUS_LABELS[status]}</Badge>;
}
