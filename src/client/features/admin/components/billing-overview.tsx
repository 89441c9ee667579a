import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { formatCount, formatDateFr, formatMoney } from '../../../../shared/format';
import { isPlanId, PLANS } from '../../../../shared/rules/plans';
import type { AdminBilling } from '../api/get-billing';

type BilledOrganisation = AdminBilling['organisations'][number];

const STATE_LABELS: Record<string, { label: string; variant: 'success' | 'warning' | 'danger' | 'neutral' | 'default' }> = {
  trialing: { label: 'Essai', variant: 'default' },
  active: { label: 'Actif', variant: 'success' },
  canceling: { label: 'Résiliation prévue', variant: 'warning' },
  past_due: { label: 'Paiement en retard', variant: 'danger' },
  incomplete: { label: 'Paiement incomplet', variant: 'warning' },
  canceled: { label: 'Résilié', variant: 'neutral' },
  contract: { label: 'Contrat', variant: 'neutral' },
  none: { label: 'Sans abonnement', variant: 'neutral' },
};

/** Minor units of EUR or GBP through the one money formatter; another currency is shown as its code. */
export function moneyFr(minor: number, currency: string | null): string {
  const code = currency?.toUpperCase();
  if (code === 'EUR' || code === 'GBP') return formatMoney(minor / 100, code);
  return `${minor / 100} ${code ?? ''}`.trim();
}

function planName(plan: string | null): string {
  if (!plan) return '—';
  return isPlanId(plan) ? PLANS[plan].name.fr : plan;
}

function StateBadge({ state }: { state: string }) {
  const entry = STATE_LABELS[state] ?? { label: state, variant: 'neutral' as const };
  return <Badge variant={entry.variant}>{entry.label}</Badge>;
}

/** « 79 € / mois », « 790 € / an ». */
function priceFr(row: BilledOrganisation): string {
  if (row.amount === null || !row.currency) return '—';
  return `${moneyFr(row.amount, row.currency)} / ${row.interval === 'year' ? 'an' : 'mois'}`;
}

/** MRR by currency: the total of each currency, then its plans (currencies are never added together). */
export function MrrCard({ mrr }: { mrr: AdminBilling['mrr'] }) {
  return (
    <Card data-testid="billing-mrr">
      <CardHeader>
        <CardTitle>Revenu mensuel récurrent</CardTitle>
        <CardDescription>Hors taxes, abonnements actifs ou en retard de paiement ; un tarif annuel compte pour un douzième. Les essais n’y figurent pas.</CardDescription>
      </CardHeader>
      <CardContent>
        {mrr.total.length === 0 ? (
          <p className="text-stone-600">Aucun revenu récurrent pour l’instant.</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {mrr.total.map((total) => (
              <section key={total.currency} aria-label={`Revenu en ${total.currency.toUpperCase()}`} className="rounded-lg border border-stone-200 p-4">
                <p className="text-sm text-stone-600">Total {total.currency.toUpperCase()}</p>
                <p className="text-2xl font-semibold tabular-nums" data-testid={`mrr-total-${total.currency.toUpperCase()}`}>
                  {moneyFr(total.mrr, total.currency)}
                </p>
                <ul className="mt-3 flex flex-col gap-1 text-sm">
                  {mrr.byPlan
                    .filter((line) => line.currency === total.currency)
                    .map((line) => (
                      <li key={line.plan} className="flex justify-between gap-2">
                        <span>
                          {planName(line.plan)} <span className="text-stone-500">({formatCount(line.subscriptions)} abonnement{line.subscriptions > 1 ? 's' : ''})</span>
                        </span>
                        <span className="tabular-nums">{moneyFr(line.mrr, line.currency)}</span>
                      </li>
                    ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The organisations past due: since when, and whether the 14 days have turned them read-only. */
export function PastDueCard({ pastDue }: { pastDue: AdminBilling['pastDue'] }) {
  return (
    <Card data-testid="billing-past-due">
      <CardHeader>
        <CardTitle>Paiements en retard</CardTitle>
        <CardDescription>Après 14 jours sans paiement, l’organisation passe en lecture seule.</CardDescription>
      </CardHeader>
      <CardContent>
        {pastDue.length === 0 ? (
          <p className="text-stone-600">Aucune organisation en retard de paiement.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {pastDue.map((row) => (
              <li key={row.organisationId} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
                <Link to={paths.adminRestaurant.href(row.organisationId)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {row.name}
                </Link>
                <span className="text-sm text-stone-600">
                  {priceFr(row)}
                  {row.pastDueSince ? ` · en retard depuis le ${formatDateFr(row.pastDueSince)}` : ''}
                  {row.locked ? ' · lecture seule' : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Every organisation that went to Checkout: its state, plan, price and period end (plan and price under the name on a phone). */
export function BillingTable({ organisations }: { organisations: AdminBilling['organisations'] }) {
  return (
    <Card data-testid="billing-organisations">
      <CardHeader>
        <CardTitle>Abonnements des organisations</CardTitle>
        <CardDescription>Les organisations passées par le paiement en ligne, les plus récemment modifiées d’abord.</CardDescription>
      </CardHeader>
      {organisations.length === 0 ? (
        <CardContent>
          <p className="text-stone-600">Aucune organisation n’a encore souscrit en ligne.</p>
        </CardContent>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Organisation</TableHead>
              <TableHead>État</TableHead>
              <TableHead className="hidden sm:table-cell">Forfait</TableHead>
              <TableHead className="hidden sm:table-cell">Tarif HT</TableHead>
              <TableHead className="hidden md:table-cell">Fin de période</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {organisations.map((row) => (
              <TableRow key={row.organisationId}>
                <TableCell className="max-w-48 sm:max-w-none">
                  <Link to={paths.adminRestaurant.href(row.organisationId)} className="font-medium break-words text-brand-700 underline-offset-2 hover:underline">
                    {row.name}
                  </Link>
                  <span className="block text-xs text-stone-600 sm:hidden">
                    {planName(row.subscribedPlan ?? row.plan)} · {priceFr(row)}
                  </span>
                </TableCell>
                <TableCell>
                  <StateBadge state={row.state} />
                </TableCell>
                <TableCell className="hidden sm:table-cell">{planName(row.subscribedPlan ?? row.plan)}</TableCell>
                <TableCell className="hidden tabular-nums sm:table-cell">{priceFr(row)}</TableCell>
                <TableCell className="hidden md:table-cell">{row.currentPeriodEnd ? formatDateFr(row.currentPeriodEnd) : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
