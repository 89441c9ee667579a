import { EyeOff, Gift, Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { UnconfirmedEmail } from '../../../components/unconfirmed-email';
import { paths } from '../../../config/paths';
import { formatCount, formatDate } from '../../../../shared/format';
import type { OwnerMessages } from '../../../../shared/i18n/owner';
import type { OwnerLocale } from '../../../../shared/rules/locales';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import type { TCustomerCardItem, TCustomerListItem } from '../../../../shared/schemas/customers';

/**
 * A customer's name as the owner reads it: the diner's own, 'Client anonyme' for a device that never gave one,
 * 'Fiche anonymisée' for a record the retention job anonymised (its identity is gone, its visits and points still count).
 */
export function customerFullName(customer: Pick<TCustomerListItem, 'firstName' | 'lastName' | 'anonymizedAt'>, m: OwnerMessages): string {
  if (customer.anonymizedAt) return m.customers_anonymized_name();
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ') || m.customers_anonymous();
}

/** When and why a record was anonymised, for the list and the customer's page. */
export const anonymizedOn = (anonymizedAt: string, m: OwnerMessages, locale: OwnerLocale) => m.customers_anonymized_on({ date: formatDate(anonymizedAt, locale) });

/** A customer in the list (spec §2): full name, points badge above 0, email, phone, visits, last visit, rewards waiting. */
export function CustomerCard({ customer }: { customer: TCustomerCardItem }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const name = customerFullName(customer, m);
  return (
    <Card className="h-full transition-colors hover:border-brand-200" data-testid="customer-card">
      <Link to={paths.customer.href(customer.id)} className="flex h-full flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 truncate font-semibold" title={name}>
            {name}
          </h3>
          {customer.points > 0 ? <Badge className="shrink-0 tabular-nums">{m.customers_points_badge({ points: formatCount(customer.points, locale) })}</Badge> : null}
        </div>
        {customer.anonymizedAt ? (
          <p className="inline-flex w-fit items-center gap-1.5 rounded-md bg-stone-100 px-2 py-0.5 text-xs text-stone-700" data-testid="customer-anonymized">
            <EyeOff className="size-3.5" aria-hidden="true" />
            {anonymizedOn(customer.anonymizedAt, m, locale)}
          </p>
        ) : null}
        <dl className="flex flex-col gap-1 text-sm text-stone-700">
          {customer.email ? (
            <div className="flex min-w-0 items-center gap-1.5">
              <dt>
                <Mail className="size-4 text-stone-400" aria-label={m.customers_email()} />
              </dt>
              <dd className="truncate">{customer.email}</dd>
            </div>
          ) : customer.unconfirmedEmail ? (
            <div className="flex min-w-0 items-center gap-1.5">
              <dt>
                <Mail className="size-4 text-stone-400" aria-label={m.customers_email()} />
              </dt>
              <dd className="min-w-0">
                <UnconfirmedEmail address={customer.unconfirmedEmail} />
              </dd>
            </div>
          ) : null}
          {customer.phone ? (
            <div className="flex items-center gap-1.5">
              <dt>
                <Phone className="size-4 text-stone-400" aria-label={m.customers_phone()} />
              </dt>
              <dd>{customer.phone}</dd>
            </div>
          ) : null}
          <div className="flex items-center gap-1.5 text-stone-600">
            <dt>{m.customers_visits()}</dt>
            <dd className="tabular-nums">{formatCount(customer.visitCount, locale)}</dd>
          </div>
          <div className="flex items-center gap-1.5 text-stone-600">
            <dt>{m.customers_last_visit()}</dt>
            <dd>{customer.lastVisitAt ? formatDate(customer.lastVisitAt, locale) : '—'}</dd>
          </div>
        </dl>
        {customer.pendingRewards > 0 ? (
          <p className="mt-auto inline-flex w-fit items-center gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
            <Gift className="size-4" aria-hidden="true" />
            {m.customers_rewards_waiting({ count: customer.pendingRewards })}
          </p>
        ) : null}
      </Link>
    </Card>
  );
}
