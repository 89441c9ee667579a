import { Ban, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/cn';
import { formatDateTimeFr } from '../../../../shared/format';
import { VENUE_ACTIONS_BY_STATUS } from '../../../../shared/schemas/admin';
import { runStatusChange, useChangeVenueStatus, VENUE_ACTION_TEXT, type VenueStatusChange } from '../api/change-restaurant-status';
import type { AdminVenue } from '../api/get-restaurant';
import { Field } from './identity-card';
import { ReasonDialog } from './reason-dialog';
import { VenueStatusBadge } from './status-badge';

/**
 * The organisation's venues (établissements), each with its identity, its own state and the platform's
 * actions on it alone. While the organisation is not approved every venue is closed whatever its own state.
 */
export function VenuesCard({ venues, organisationApproved }: { venues: AdminVenue[]; organisationApproved: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Établissements</CardTitle>
        {organisationApproved ? null : <CardDescription>L’organisation n’est pas approuvée : ses établissements sont fermés.</CardDescription>}
      </CardHeader>
      <CardContent>
        {venues.length === 0 ? (
          <p className="text-sm text-stone-600">Aucun établissement.</p>
        ) : (
          <ul className="flex flex-col gap-4" aria-label="Établissements">
            {venues.map((venue) => (
              <li key={venue.id} className="rounded-lg border border-stone-200 p-4">
                <VenueItem venue={venue} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function VenueItem({ venue }: { venue: AdminVenue }) {
  const change = useChangeVenueStatus(venue.id);
  const [dialog, setDialog] = useState<'suspend' | 'reactivate' | null>(null);
  const actions = VENUE_ACTIONS_BY_STATUS[venue.status];

  const run = (request: VenueStatusChange) => runStatusChange(change, request, VENUE_ACTION_TEXT[request.action], () => setDialog(null));

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold break-words">{venue.name}</h3>
        <span aria-live="polite">
          <VenueStatusBadge status={venue.status} />
        </span>
      </div>
      <dl className="flex flex-col gap-2">
        <Field label="Raison sociale / nom commercial">{venue.legalName}</Field>
        <Field label="SIRET / SIREN">{venue.siret ? <span className="font-mono">{venue.siret}</span> : null}</Field>
        <Field label="Email de contact">
          <a href={`mailto:${venue.contactEmail}`} className="text-brand-700 underline-offset-4 hover:underline">
            {venue.contactEmail}
          </a>
        </Field>
        <Field label="Email professionnel">{venue.businessEmail}</Field>
        <Field label="Adresse">{venue.address}</Field>
        <Field label="Téléphone">{venue.phone ? <a href={`tel:${venue.phone.replace(/\s/g, '')}`}>{venue.phone}</a> : null}</Field>
        <Field label="Site web">
          <ExternalLink href={venue.website} />
        </Field>
        <Field label="Lien d’avis">
          <ExternalLink href={venue.googleReviewUrl} className="font-mono text-xs" />
        </Field>
        <Field label="Prénom du gérant">{venue.ownerFirstName}</Field>
        <Field label="Email vérifié">{venue.emailVerified ? 'Oui' : 'Non'}</Field>
        {venue.status === 'suspended' ? (
          <Field label="Suspendu le">
            {venue.suspendedAt ? formatDateTimeFr(venue.suspendedAt) : null}
            {venue.suspendedByEmail ? ` par ${venue.suspendedByEmail}` : ''}
            {venue.suspensionReason ? <span className="mt-1 block whitespace-pre-line text-stone-700">Motif : {venue.suspensionReason}</span> : null}
          </Field>
        ) : null}
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row">
        {actions.includes('suspend') ? (
          <Button variant="outline" onClick={() => setDialog('suspend')} disabled={change.isPending} className="border-red-300 text-red-700 hover:bg-red-50">
            <Ban aria-hidden="true" />
            {VENUE_ACTION_TEXT.suspend.button}
          </Button>
        ) : null}
        {actions.includes('reactivate') ? (
          <Button variant="outline" onClick={() => setDialog('reactivate')} disabled={change.isPending} aria-label={`Réactiver ${venue.name}`}>
            <RotateCcw aria-hidden="true" />
            {VENUE_ACTION_TEXT.reactivate.button}
          </Button>
        ) : null}
      </div>
      <ReasonDialog
        kind="suspendVenue"
        restaurantName={venue.name}
        open={dialog === 'suspend'}
        onOpenChange={(open) => setDialog(open ? 'suspend' : null)}
        busy={change.isPending}
        onConfirm={(reason) => run({ action: 'suspend', reason })}
      />
      <ConfirmDialog
        open={dialog === 'reactivate'}
        onOpenChange={(open) => setDialog(open ? 'reactivate' : null)}
        title="Réactiver cet établissement ?"
        description={`« ${venue.name} » rouvre (espace et pages d’avis) si son organisation est approuvée. Les propriétaires recevront un email de réactivation.`}
        confirmLabel={VENUE_ACTION_TEXT.reactivate.button}
        pendingLabel="Envoi…"
        pending={change.isPending}
        tone="default"
        stayOpen
        onConfirm={() => run({ action: 'reactivate' })}
      />
    </div>
  );
}

/** An address outside ReFeed, opened in a new tab and shown as it is (nothing when there is none). */
function ExternalLink({ href, className }: { href: string | null | undefined; className?: string }) {
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" className={cn('text-brand-700 underline-offset-4 hover:underline', className)}>
      {href}
    </a>
  );
}
