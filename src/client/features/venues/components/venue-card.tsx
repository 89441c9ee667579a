import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { paths as routes } from '../../../../shared/paths';
import { venueHref } from '../../../../shared/venue';
import type { TVenue } from '../../../../shared/schemas/venues';
import { formatCount } from '../../../../shared/format';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { columnLabel, formatAverage, formatShare, roleLabel } from '../format';
import { VenueStatusBadge } from './venue-status-badge';

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'alert' }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className={tone === 'alert' ? 'text-lg font-semibold text-red-700' : 'text-lg font-semibold text-stone-900'}>{value}</dd>
    </div>
  );
}

/** One venue of /etablissements: its identity, status and this month's figures. */
export function VenueCard({ venue }: { venue: TVenue }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const { figures } = venue;
  const role = roleLabel(m, venue.role);
  const headingId = `venue-${venue.id}`;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" role="article" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-base font-semibold">
            {venue.name}
          </h3>
          {venue.address ? <p className="text-sm whitespace-pre-line text-stone-600">{venue.address}</p> : null}
          <p className="text-xs text-stone-500">
            {venue.siret ? m.venues_card_siret_role({ siret: venue.siret, role }) : role}
          </p>
        </div>
        <VenueStatusBadge status={venue.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label={m.venues_card_feedbacks()} value={formatCount(figures.feedbacks, locale)} />
        <Figure label={columnLabel(m, 'averageRating')} value={formatAverage(figures.averageRating, locale)} />
        <Figure label={columnLabel(m, 'goodShare')} value={formatShare(figures.goodShare, locale)} />
        <Figure label={columnLabel(m, 'lowUnhandled')} value={formatCount(figures.lowUnhandled, locale)} tone={figures.lowUnhandled > 0 ? 'alert' : undefined} />
      </dl>
      {venue.status === 'approved' ? (
        // This venue's dashboard, whichever venue the tab shows (decision 056).
        <Link to={venueHref(venue.id, routes.dashboard.href())} className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline underline-offset-4">
          {m.venues_card_dashboard()}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </Card>
  );
}
