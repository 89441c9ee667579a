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
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { localizeMessage } from '../../../../shared/i18n/api-messages';
import { formatCount } from '../../../../shared/format';
import { CUSTOMER_FILTER_LABELS, CUSTOMER_FILTER_LABELS_EN, CUSTOMER_FILTERS, CUSTOMER_MESSAGES, type TCustomerFilter } from '../../../../shared/schemas/customers';
import { customersCsvUrl, downloadFile } from '../api/download-file';
import { useCustomers } from '../api/get-customers';
import { CustomerCard } from './customer-card';
import { CustomerSearchBox } from './customer-search-box';
import { useCustomerListParams, type CustomerListParams } from './use-customer-list-params';

/** /customers: search, filter, the anonymous devices on demand, pages, and the list as CSV. */
export function CustomersPage() {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const { q, page, scope, filter, show, setParams } = useCustomerListParams();
  const [exporting, setExporting] = useState(false);
  const customers = useCustomers({ q, page, scope, filter });
  const data = customers.data;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(customersCsvUrl({ q, scope, filter }), 'clients.csv');
      toast.success(m.customers_csv_downloaded());
    } catch (error) {
      toastError(m.customers_export_failed(), error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <BackLink to={paths.dashboard.href()}>{m.customers_back()}</BackLink>
      <PageHeader
        title={m.customers_heading()}
        live
        description={data ? (q || filter ? m.customers_count_found : m.customers_count)({ count: data.total, shown: `${formatCount(data.total, locale)}${data.totalIsCapped ? '+' : ''}` }) : '\u00a0'}
        actions={
          <Button variant="outline" onClick={exportCsv} disabled={exporting}>
            <Download aria-hidden="true" />
            {m.customers_export_csv()}
          </Button>
        }
      />
      <CustomerSearchBox q={q} setParams={setParams} />
      <CustomerListControls scope={scope} filter={filter} show={show} />
      {customers.isPending ? (
        <div role="status" aria-live="polite" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">{m.customers_loading()}</span>
          {[0, 1, 2, 3, 4, 5].map((key) => (
            <Skeleton key={key} className="h-32" />
          ))}
        </div>
      ) : customers.isError ? (
        <QueryError title={m.customers_load_failed()} detail={customers.error.message} onRetry={() => void customers.refetch()} />
      ) : data!.items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center">
          <Users className="size-10 text-stone-400" aria-hidden="true" />
          <p className="text-stone-700">{localizeMessage(q || filter || scope === 'known' ? CUSTOMER_MESSAGES.noMatch : CUSTOMER_MESSAGES.noCustomers, locale)}</p>
        </div>
      ) : (
        <>
          <ul className={`grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 ${customers.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={m.customers_list_label()} aria-busy={customers.isFetching}>
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
  const m = useOwnerMessages();
  const labels = useOwnerLocale() === 'en' ? CUSTOMER_FILTER_LABELS_EN : CUSTOMER_FILTER_LABELS;
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5 sm:w-64">
          <Label htmlFor="customer-filter">{m.customers_filter()}</Label>
          <NativeSelect id="customer-filter" value={filter ?? ''} onChange={(event) => show({ filter: (event.target.value || null) as TCustomerFilter | null })}>
            <option value="">{m.customers_filter_all()}</option>
            {CUSTOMER_FILTERS.map((key) => (
              <option key={key} value={key}>
                {labels[key]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-h-10 items-center gap-2.5">
          <Switch id="customer-scope" checked={scope === 'all'} onCheckedChange={(checked) => show({ scope: checked ? 'all' : 'known' })} />
          <Label htmlFor="customer-scope" className="cursor-pointer font-normal">
            {m.customers_include_anonymous()}
          </Label>
        </div>
      </div>
      {scope === 'known' ? <p className="-mt-2 text-xs text-stone-500">{m.customers_known_hint()}</p> : null}
    </>
  );
}
