import { Badge } from '../../../components/ui/badge';
import { ORGANISATION_STATUS_LABELS, VENUE_STATUS_LABELS, type TAdminRestaurantStatus, type TVenueStatus } from '../../../../shared/schemas/admin';

const VARIANT = { pending: 'warning', approved: 'success', rejected: 'danger', suspended: 'neutral' } as const;

/** The platform's state of an organisation (decision 055). */
export function OrganisationStatusBadge({ status }: { status: TAdminRestaurantStatus }) {
  return <Badge variant={VARIANT[status]}>{ORGANISATION_STATUS_LABELS[status]}</Badge>;
}

/** A venue's own state: active, or suspended alone. */
export function VenueStatusBadge({ status }: { status: TVenueStatus }) {
  return <Badge variant={VARIANT[status]}>{VENUE_STATUS_LABELS[status]}</Badge>;
}
