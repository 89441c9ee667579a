import { Download, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { BackLink, PageHeader } from '../../../components/ui/page-header';
import { Pager } from '../../../components/ui/pager';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { paths } from '../../../config/paths';
import { toastError } from '../../../lib/toast';
import { formatCount } from '../../../../shared/format';
import { CUSTOMER_FILTER_LABELS, CUSTOMER_FILTERS, CUSTOMER_MESSAGES, type TCustomerFilter } from '../../../../shared/schemas/customers';
import { customersCsvUrl, downloadFile } from '../api/download-file';
import { useCustomers } from '../api/get-customers';
import { CustomerCard } from './customer-card';
import { CustomerSearchBox } from './customer-search-box';
import { useCustomerListParams, type CustomerListParams } from './use-customer-list-params';

/** /customers: search, filter, the anonymous devices on demand, pages, and the list as CSV. */
export function CustomersPage() {
  const { q, page, scope, filter, show, setParams } = useCustomerListParams();
  const [exporting, setExporting] = useState(false);
  const customers = useCustomers({ q, page, scope, filter });
  const data = customers.data;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(customersCsvUrl({ q, scope, filter }), 'clients.csv');
      toast.success('Export CSV téléchargé');
    } catch (error) {
      toastError('Échec de l’export', error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <BackLink to={paths.dashboard.href()}>Retour au tableau de bord</BackLink>
      <PageHeader
        title="Vos clients"
        live
        description={data ? `${formatCount(data.total)}${data.totalIsCapped ? '+' : ''} client${data.total > 1 ? 's' : ''}${q || filter ? ' trouvé' + (data.total > 1 ? 's' : '') : ''}` : '\u00a0'}
        actions={
          <Button variant="outline" onClick={exportCsv} disabled={exporting}>
            <Download aria-hidden="true" />
            Exporter en CSV
          </Button>
        }
      />
      <CustomerSearchBox q={q} setParams={setParams} />
      <CustomerListControls scope={scope} filter={filter} show={show} />
      {customers.isPending ? (
        <div role="status" aria-live="polite" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Chargement des clients…</span>
          {[0, 1, 2, 3, 4, 5].map((key) => (
            <Skeleton key={key} className="h-32" />
          ))}
        </div>
      ) : customers.isError ? (
        <QueryError title="Impossible de charger les clients" detail={customers.error.message} onRetry={() => void customers.refetch()} />
      ) : data!.items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center">
          <Users className="size-10 text-stone-400" aria-hidden="true" />
          <p className="text-stone-700">{q || filter || scope === 'known' ? CUSTOMER_MESSAGES.noMatch : CUSTOMER_MESSAGES.noCustomers}</p>
        </div>
      ) : (
        <>
          <ul className={`grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 ${customers.isPlaceholderData ? 'opacity-60' : ''}`} aria-label="Clients" aria-busy={customers.isFetching}>
            {data!.items.map((customer) => (
              <li key={customer.id}>
                <CustomerCard customer={customer} />
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            total={data!.total}
            pageSize={data!.pageSize}
            hasMore={data!.totalIsCapped ? data!.items.length === data!.pageSize : undefined}
            onPageChange={(next) => {
              show({ page: next });
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      )}
    </div>
  );
}

/** The filter and the anonymous devices' switch (a change goes back to page 1). */
function CustomerListControls({ scope, filter, show }: Pick<CustomerListParams, 'scope' | 'filter'> & { show: ReturnType<typeof useCustomerListParams>['show'] }) {
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5 sm:w-64">
          <Label htmlFor="customer-filter">Filtrer</Label>
          <NativeSelect id="customer-filter" value={filter ?? ''} onChange={(event) => show({ filter: (event.target.value || null) as TCustomerFilter | null })}>
            <option value="">Tous les clients</option>
            {CUSTOMER_FILTERS.map((key) => (
              <option key={key} value={key}>
                {CUSTOMER_FILTER_LABELS[key]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-h-10 items-center gap-2.5">
          <Switch id="customer-scope" checked={scope === 'all'} onCheckedChange={(checked) => show({ scope: checked ? 'all' : 'known' })} />
          <Label htmlFor="customer-scope" className="cursor-pointer font-normal">
            Inclure les appareils anonymes
          </Label>
        </div>
      </div>
      {scope === 'known' ? <p className="-mt-2 text-xs text-stone-500">Sont affichés les clients joignables (email ou téléphone) ou qui ont une récompense à remettre.</p> : null}
    </>
  );
}
