import { ArrowLeft, Download, Gift, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { OwnerPage } from '../../layouts/owner-layout';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryError } from '../../../components/ui/query-error';
import { PageLoading } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import { paths } from '../../../config/paths';
import { customerExportUrl, downloadFile } from '../../../features/customers/api/download-file';
import { useEraseCustomer } from '../../../features/customers/api/erase-customer';
import { useCustomer } from '../../../features/customers/api/get-customer';
import { useRedeemReward } from '../../../features/customers/api/redeem-reward';
import { anonymizedOn, customerFullName } from '../../../features/customers/components/customer-card';
import { ApiError } from '../../../lib/api-client';
import { formatDateFr, formatDateTimeFr } from '../../../../shared/format';
import { pointEventLabel } from '../../../../shared/rules/point-events';
import { CUSTOMER_MESSAGES, type TCustomerDetail } from '../../../../shared/schemas/customers';
import { toastError } from '../../../lib/toast';
import { UnconfirmedEmail } from '../../../components/unconfirmed-email';
import { qrLabelShown } from '../../../../shared/rules/qr-label';

function Section({ title, children, empty }: { title: string; children: React.ReactNode; empty: boolean }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <h3 className="text-lg font-semibold">{title}</h3>
      {empty ? <p className="text-sm text-stone-500">Rien pour le moment.</p> : children}
    </Card>
  );
}

function PendingRewards({ customer }: { customer: TCustomerDetail }) {
  const redeem = useRedeemReward();
  const pending = customer.rewards.filter((reward) => reward.status === 'pending');
  const handOver = async (rewardId: string) => {
    try {
      await redeem.mutateAsync({ customerId: customer.customer.id, rewardId });
      toast.success(CUSTOMER_MESSAGES.rewardRedeemed);
    } catch (error) {
      toastError('Erreur', error);
    }
  };
  return (
    <Section title="Récompenses à remettre" empty={pending.length === 0}>
      <ul className="flex flex-col gap-2" data-testid="pending-rewards">
        {pending.map((reward) => (
          <li key={reward.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3">
            <span className="flex items-center gap-2">
              <Gift className="size-5 text-brand-700" aria-hidden="true" />
              <span>
                <span className="block font-medium">{reward.label}</span>
                <span className="block text-xs text-stone-600">
                  {reward.cost} points (déjà déduits) · débloquée le {formatDateFr(reward.createdAt)}
                </span>
              </span>
            </span>
            {/* Paid at unlock (decision 024): a pending reward can always be handed over. */}
            <Button size="sm" onClick={() => void handOver(reward.id)} disabled={redeem.isPending}>
              Marquer comme utilisée
            </Button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export default function CustomerPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useCustomer(id);
  const erase = useEraseCustomer();
  const [exporting, setExporting] = useState(false);

  if (detail.isPending) return <PageLoading label="Chargement du client…" />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <OwnerPage title="Client">
        <QueryError title={missing ? CUSTOMER_MESSAGES.notFound : 'Impossible de charger le client'} detail={missing ? undefined : detail.error.message} onRetry={missing ? undefined : () => void detail.refetch()}>
          <Button variant="outline" asChild>
            <Link to={paths.customers.href()}>Retour aux clients</Link>
          </Button>
        </QueryError>
      </OwnerPage>
    );
  }
  const data = detail.data;
  const { customer } = data;
  const name = customerFullName(customer);

  const exportData = async () => {
    setExporting(true);
    try {
      await downloadFile(customerExportUrl(customer.id), `client-${customer.id}.json`);
      toast.success('Données du client exportées');
    } catch (error) {
      toastError('Échec de l’export', error);
    } finally {
      setExporting(false);
    }
  };
  const eraseNow = async () => {
    try {
      await erase.mutateAsync(customer.id);
      toast.success(CUSTOMER_MESSAGES.erased);
      navigate(paths.customers.href(), { replace: true });
    } catch (error) {
      toastError('Erreur', error);
    }
  };

  return (
    <OwnerPage title={`Client · ${name}`}>
      <div className="flex flex-col gap-5">
        <Link to={paths.customers.href()} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Retour aux clients
        </Link>
        <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
          <div className="min-w-0">
            <h2 className="truncate text-2xl font-semibold">{name}</h2>
            {customer.anonymizedAt ? (
              <p className="mt-1 max-w-prose text-sm text-stone-600" data-testid="customer-anonymized">
                {anonymizedOn(customer.anonymizedAt)} : son identité et ses coordonnées ont été effacées. Ses visites et ses points restent dans vos statistiques.
              </p>
            ) : null}
            <dl className="mt-2 grid gap-1 text-sm text-stone-700">
              {customer.email ? <div><dt className="inline text-stone-500">Email : </dt><dd className="inline break-all">{customer.email}</dd></div> : customer.unconfirmedEmail ? <div><dt className="inline text-stone-500">Email : </dt><dd className="inline"><UnconfirmedEmail address={customer.unconfirmedEmail} /></dd></div> : null}
              {customer.phone ? <div><dt className="inline text-stone-500">Téléphone : </dt><dd className="inline">{customer.phone}</dd></div> : null}
              <div><dt className="inline text-stone-500">Client depuis : </dt><dd className="inline">{formatDateFr(customer.createdAt)}</dd></div>
              <div><dt className="inline text-stone-500">Dernière visite : </dt><dd className="inline">{customer.lastVisitAt ? formatDateFr(customer.lastVisitAt) : '—'}</dd></div>
              <div><dt className="inline text-stone-500">Emails marketing : </dt><dd className="inline">{customer.marketingConsent ? 'accepte' : 'non'}</dd></div>
            </dl>
          </div>
          <div className="flex flex-col items-start gap-3 sm:items-end">
            <Badge className="px-3 py-1 text-base tabular-nums" data-testid="customer-points">
              {customer.points.toLocaleString('fr-FR')} points
            </Badge>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => void exportData()} disabled={exporting}>
                <Download aria-hidden="true" />
                Exporter ses données
              </Button>
              <ConfirmDialog
                trigger={
                  <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
                    <Trash2 aria-hidden="true" />
                    Effacer ce client
                  </Button>
                }
                title="Effacer ce client ?"
                description="Son nom, son email, son téléphone, ses points, ses récompenses, ses commentaires et la trace des emails envoyés seront supprimés définitivement. Les notes de ses avis restent, sans lien avec sa fiche. Cette action est irréversible."
                confirmLabel="Effacer"
                pending={erase.isPending}
                onConfirm={eraseNow}
              />
            </div>
          </div>
        </Card>
        <div className="grid gap-4 lg:grid-cols-2">
          <PendingRewards customer={data} />
          <Section title="Avis" empty={data.feedbacks.length === 0}>
            <ul className="flex flex-col gap-2">
              {data.feedbacks.map((feedback) => (
                <li key={feedback.id} className="rounded-lg bg-stone-50 p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Stars rating={feedback.rating} />
                    <time dateTime={feedback.createdAt} className="text-xs text-stone-600">{formatDateTimeFr(feedback.createdAt)}</time>
                  </div>
                  {feedback.comment ? <p className="mt-1 text-sm break-words">« {feedback.comment} »</p> : null}
                </li>
              ))}
            </ul>
          </Section>
          <Section title="Points" empty={data.pointEvents.length === 0}>
            <ul className="flex flex-col divide-y divide-stone-100 text-sm">
              {data.pointEvents.map((event) => (
                <li key={event.id} className="flex justify-between gap-2 py-1.5">
                  <span>
                    {pointEventLabel(event.reason)}
                    <span className="block text-xs text-stone-500">{formatDateTimeFr(event.createdAt)}</span>
                  </span>
                  <span className={`font-medium tabular-nums ${event.points < 0 ? 'text-red-700' : 'text-green-700'}`}>
                    {event.points > 0 ? '+' : ''}
                    {event.points}
                  </span>
                </li>
              ))}
            </ul>
          </Section>
          <Section title="Visites et récompenses utilisées" empty={data.visits.length === 0 && !data.rewards.some((r) => r.status === 'redeemed')}>
            <ul className="flex flex-col divide-y divide-stone-100 text-sm">
              {data.rewards
                .filter((reward) => reward.status === 'redeemed')
                .map((reward) => (
                  <li key={reward.id} className="py-1.5">
                    {reward.label} remise le {formatDateFr(reward.redeemedAt ?? reward.createdAt)}
                  </li>
                ))}
              {data.visits.map((visit) => (
                <li key={visit.id} className="py-1.5">
                  Visite le {formatDateTimeFr(visit.createdAt)}
                  {visit.tableLabel ? ` · ${qrLabelShown(visit.tableLabel)}` : ''}
                </li>
              ))}
            </ul>
          </Section>
        </div>
      </div>
    </OwnerPage>
  );
}
