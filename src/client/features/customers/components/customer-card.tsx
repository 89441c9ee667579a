import { EyeOff, Gift, Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { UnconfirmedEmail } from '../../../components/unconfirmed-email';
import { paths } from '../../../config/paths';
import { formatCount, formatDateFr } from '../../../../shared/format';
import type { TCustomerCardItem, TCustomerListItem } from '../../../../shared/schemas/customers';

export function customerFullName(customer: Pick<TCustomerListItem, 'firstName' | 'lastName' | 'anonymizedAt'>): string {
  if (customer.anonymizedAt) return ANONYMIZED_NAME;
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ') || 'Client anonyme';
}

/** The name of a record the retention job anonymised (its identity is gone, its visits and points still count). */
export const ANONYMIZED_NAME = 'Fiche anonymisée';

/** When and why a record was anonymised, for the list and the customer's page. */
export const anonymizedOn = (anonymizedAt: string) => `Anonymisée le ${formatDateFr(anonymizedAt)} après une longue inactivité`;

/** A customer in the list (spec §2): full name, points badge above 0, email, phone, visits, last visit, rewards waiting. */
export function CustomerCard({ customer }: { customer: TCustomerCardItem }) {
  const name = customerFullName(customer);
  return (
    <Card className="h-full transition-colors hover:border-brand-200" data-testid="customer-card">
      <Link to={paths.customer.href(customer.id)} className="flex h-full flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 truncate font-semibold" title={name}>
            {name}
          </h3>
          {customer.points > 0 ? <Badge className="shrink-0 tabular-nums">{formatCount(customer.points)} pts</Badge> : null}
        </div>
        {customer.anonymizedAt ? (
          <p className="inline-flex w-fit items-center gap-1.5 rounded-md bg-stone-100 px-2 py-0.5 text-xs text-stone-700" data-testid="customer-anonymized">
            <EyeOff className="size-3.5" aria-hidden="true" />
            {anonymizedOn(customer.anonymizedAt)}
          </p>
        ) : null}
        <dl className="flex flex-col gap-1 text-sm text-stone-700">
          {customer.email ? (
            <div className="flex min-w-0 items-center gap-1.5">
              <dt>
                <Mail className="size-4 text-stone-400" aria-label="Email" />
              </dt>
              <dd className="truncate">{customer.email}</dd>
            </div>
          ) : customer.unconfirmedEmail ? (
            <div className="flex min-w-0 items-center gap-1.5">
              <dt>
                <Mail className="size-4 text-stone-400" aria-label="Email" />
              </dt>
              <dd className="min-w-0">
                <UnconfirmedEmail address={customer.unconfirmedEmail} />
              </dd>
            </div>
          ) : null}
          {customer.phone ? (
            <div className="flex items-center gap-1.5">
              <dt>
                <Phone className="size-4 text-stone-400" aria-label="Téléphone" />
              </dt>
              <dd>{customer.phone}</dd>
            </div>
          ) : null}
          <div className="flex items-center gap-1.5 text-stone-600">
            <dt>Visites :</dt>
            <dd className="tabular-nums">{formatCount(customer.visitCount)}</dd>
          </div>
          <div className="flex items-center gap-1.5 text-stone-600">
            <dt>Dernière visite :</dt>
            <dd>{customer.lastVisitAt ? formatDateFr(customer.lastVisitAt) : '—'}</dd>
          </div>
        </dl>
        {customer.pendingRewards > 0 ? (
          <p className="mt-auto inline-flex w-fit items-center gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
            <Gift className="size-4" aria-hidden="true" />
            {customer.pendingRewards === 1 ? '1 récompense à remettre' : `${customer.pendingRewards} récompenses à remettre`}
          </p>
        ) : null}
      </Link>
    </Card>
  );
}
