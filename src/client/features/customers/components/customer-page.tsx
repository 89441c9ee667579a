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
import { formatCount, formatDate } from '../../../../shared/format';
import { localizeMessage } from '../../../../shared/i18n/api-messages';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { CUSTOMER_MESSAGES } from '../../../../shared/schemas/customers';
import { toastError } from '../../../lib/toast';
import { UnconfirmedEmail } from '../../../components/unconfirmed-email';
import { BackLink } from '../../../components/ui/page-header';
import { CustomerHistory } from './customer-history';

export function CustomerPage() {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useCustomer(id);
  const erase = useEraseCustomer();
  const [exporting, setExporting] = useState(false);

  if (detail.isPending) return <PageLoading label={m.customers_loading_one()} />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <OwnerPage title={m.customers_customer()}>
        <QueryError title={missing ? localizeMessage(CUSTOMER_MESSAGES.notFound, locale) : m.customers_load_one_failed()} detail={missing ? undefined : detail.error.message} onRetry={missing ? undefined : () => void detail.refetch()}>
          <Button variant="outline" asChild>
            <Link to={paths.customers.href()}>{m.customers_back_to_list()}</Link>
          </Button>
        </QueryError>
      </OwnerPage>
    );
  }
  const data = detail.data;
  const { customer } = data;
  const name = customerFullName(customer, m);

  const exportData = async () => {
    setExporting(true);
    try {
      await downloadFile(customerExportUrl(customer.id), `client-${customer.id}.json`);
      toast.success(m.customers_data_exported());
    } catch (error) {
      toastError(m.customers_export_failed(), error);
    } finally {
      setExporting(false);
    }
  };
  const eraseNow = async () => {
    try {
      await erase.mutateAsync(customer.id);
      toast.success(localizeMessage(CUSTOMER_MESSAGES.erased, locale));
      navigate(paths.customers.href(), { replace: true });
    } catch (error) {
      toastError(m.customers_error(), error);
    }
  };

  return (
    <OwnerPage title={m.customers_customer_title({ name })}>
      <div className="flex flex-col gap-5">
        <BackLink to={paths.customers.href()}>{m.customers_back_to_list()}</BackLink>
        <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
          <div className="min-w-0">
            <h2 className="truncate text-2xl font-semibold">{name}</h2>
            {customer.anonymizedAt ? (
              <p className="mt-1 max-w-prose text-sm text-stone-600" data-testid="customer-anonymized">
                {m.customers_anonymized_detail({ when: anonymizedOn(customer.anonymizedAt, m, locale) })}
              </p>
            ) : null}
            <dl className="mt-2 grid gap-1 text-sm text-stone-700">
              {customer.email ? <div><dt className="inline text-stone-500">{m.customers_email_label()}</dt><dd className="inline break-all">{customer.email}</dd></div> : customer.unconfirmedEmail ? <div><dt className="inline text-stone-500">{m.customers_email_label()}</dt><dd className="inline"><UnconfirmedEmail address={customer.unconfirmedEmail} /></dd></div> : null}
              {customer.phone ? <div><dt className="inline text-stone-500">{m.customers_phone_label()}</dt><dd className="inline">{customer.phone}</dd></div> : null}
              <div><dt className="inline text-stone-500">{m.customers_since_label()}</dt><dd className="inline">{formatDate(customer.createdAt, locale)}</dd></div>
              <div><dt className="inline text-stone-500">{m.customers_last_visit_label()}</dt><dd className="inline">{customer.lastVisitAt ? formatDate(customer.lastVisitAt, locale) : '—'}</dd></div>
              <div><dt className="inline text-stone-500">{m.customers_marketing_label()}</dt><dd className="inline">{customer.marketingConsent ? m.customers_marketing_yes() : m.customers_marketing_no()}</dd></div>
            </dl>
          </div>
          <div className="flex flex-col items-start gap-3 sm:items-end">
            <Badge className="px-3 py-1 text-base tabular-nums" data-testid="customer-points">
              {m.customers_points_total({ count: customer.points, shown: formatCount(customer.points, locale) })}
            </Badge>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => void exportData()} disabled={exporting}>
                <Download aria-hidden="true" />
                {m.customers_export_data()}
              </Button>
              <ConfirmDialog
                trigger={
                  <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
                    <Trash2 aria-hidden="true" />
                    {m.customers_erase()}
                  </Button>
                }
                title={m.customers_erase_title()}
                description={m.customers_erase_description()}
                confirmLabel={m.customers_erase_confirm()}
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
