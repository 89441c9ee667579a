import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { AdminOrganisationDetail } from '../api/get-restaurant';
import { ROLE_LABELS, isRole } from '../../../../shared/rules/permissions';
import { formatCount, formatShortDateFr } from '../../../../shared/format';
import { COUNTRY_LABELS } from '../../../../shared/schemas/admin';
import { companyRegisterUrl, OrganisationIdentifier } from './organisation-identifier';

/** A member's role in the product's words (the one table of roles, shared/rules/permissions.ts). */
const roleLabel = (role: string) => (isRole(role) ? ROLE_LABELS[role] : role);

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-stone-900">{children ?? <span className="text-stone-400">—</span>}</dd>
    </div>
  );
}

/** Who the organisation is: its name, country, registration number (with a link to the register) and creation date. */
export function IdentityCard({ detail }: { detail: AdminOrganisationDetail }) {
  const o = detail.organisation;
  const registerUrl = companyRegisterUrl(o);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Organisation</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-3">
          <Field label="Nom">{o.name}</Field>
          <Field label="Pays">{COUNTRY_LABELS[o.country]}</Field>
          <Field label={o.country === 'GB' ? 'Numéro Companies House' : 'SIREN'}>
            <OrganisationIdentifier organisation={o} />
            {registerUrl ? (
              <>
                {' · '}
                <a href={registerUrl} target="_blank" rel="noreferrer noopener" className="text-brand-700 underline-offset-4 hover:underline">
                  {o.country === 'GB' ? 'Voir au registre Companies House' : 'Voir à l’annuaire des entreprises'}
                </a>
              </>
            ) : null}
          </Field>
          <Field label="Créée le">{formatShortDateFr(o.createdAt)}</Field>
          <Field label="Établissements">{formatCount(detail.venues.length)}</Field>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The organisation's members: name, email, role, and the venues they work on. */
export function MembersCard({ detail }: { detail: AdminOrganisationDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Membres</CardTitle>
      </CardHeader>
      <CardContent>
        {detail.members.length === 0 ? (
          <p className="text-sm text-stone-600">Aucun membre.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100" aria-label="Membres">
            {detail.members.map((member) => (
              <li key={member.userId} className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
                <div className="min-w-0">
                  <p className="font-medium break-words">{member.name || member.email}</p>
                  <p className="truncate text-sm text-stone-600">
                    <a href={`mailto:${member.email}`} className="underline-offset-4 hover:underline">
                      {member.email}
                    </a>
                    {member.emailVerified ? '' : ' · email non vérifié'}
                  </p>
                </div>
                <p className="shrink-0 text-sm text-stone-700">
                  <Badge variant="neutral">{roleLabel(member.role)}</Badge>
                  {member.allVenues ? null : <span className="ml-2 text-xs text-stone-500">certains établissements</span>}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
