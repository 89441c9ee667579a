import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { AdminRestaurantDetail } from '../api/get-restaurant';
import { ROLE_LABELS, isRole } from '../../../../shared/rules/permissions';

/** A member's role in the product's words (the one table of roles, shared/rules/permissions.ts). */
const roleLabel = (role: string) => (isRole(role) ? ROLE_LABELS[role] : role);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-stone-900">{children ?? <span className="text-stone-400">—</span>}</dd>
    </div>
  );
}

/** Who the restaurant is: names, company number, contacts, linked accounts. */
export function IdentityCard({ detail }: { detail: AdminRestaurantDetail }) {
  const r = detail.restaurant;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Identité</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-3">
          <Field label="Nom">{r.name}</Field>
          <Field label="Raison sociale">{r.legalName}</Field>
          <Field label="SIRET / SIREN">{r.siret ? <span className="font-mono">{r.siret}</span> : null}</Field>
          <Field label="Email de contact">
            <a href={`mailto:${r.contactEmail}`} className="text-brand-700 underline-offset-4 hover:underline">
              {r.contactEmail}
            </a>
          </Field>
          <Field label="Email professionnel">{r.businessEmail}</Field>
          <Field label="Téléphone">{r.phone ? <a href={`tel:${r.phone.replace(/\s/g, '')}`}>{r.phone}</a> : null}</Field>
          <Field label="Site web">
            {r.website ? (
              <a href={r.website} target="_blank" rel="noreferrer noopener" className="text-brand-700 underline-offset-4 hover:underline">
                {r.website}
              </a>
            ) : null}
          </Field>
          <Field label="Lien d’avis">
            {r.googleReviewUrl ? (
              <a href={r.googleReviewUrl} target="_blank" rel="noreferrer noopener" className="font-mono text-xs text-brand-700 underline-offset-4 hover:underline">
                {r.googleReviewUrl}
              </a>
            ) : null}
          </Field>
          <Field label="Prénom du gérant">{r.ownerFirstName}</Field>
          <Field label="Email vérifié">{r.emailVerified ? <Badge variant="success">Oui</Badge> : <Badge variant="warning">Non</Badge>}</Field>
          <Field label="Comptes liés">
            {detail.owners.length ? (
              <ul className="flex flex-col gap-1">
                {detail.owners.map((owner) => (
                  <li key={owner.userId}>
                    {owner.email} <span className="text-stone-500">({roleLabel(owner.role)})</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </Field>
        </dl>
      </CardContent>
    </Card>
  );
}
