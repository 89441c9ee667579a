import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { OwnerPage } from '../../../components/owner-page';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryError } from '../../../components/ui/query-error';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { customerExportUrl, downloadFile } from '../api/download-file';
import { useEraseCustomer } from '../api/erase-customer';
import { useCustomer } from '../api/get-customer';
import { anonymizedOn, customerFullName } from '../components/customer-card';
import { ApiError } from '../../../lib/api-client';
import { formatCount, formatDateFr } from '../../../../shared/format';
import { CUSTOMER_MESSAGES } from '../../../../shared/schemas/customers';
import { toastError } from '../../../lib/toast';
import { UnconfirmedEmail } from '../../../components/unconfirmed-email';
import { BackLink } from '../../../components/ui/page-header';
import { CustomerHistory } from './customer-history';

export function CustomerPage() {
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
        <BackLink to={paths.customers.href()}>Retour aux clients</BackLink>
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
              {formatCount(customer.points)} points
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
        <CustomerHistory data={data} />
      </div>
    </OwnerPage>
  );
}
