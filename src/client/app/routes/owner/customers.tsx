import { ArrowLeft, Download, Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { OwnerPage } from '../../layouts/owner-layout';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useCustomers } from '../../../features/customers/api/get-customers';
import { customersCsvUrl, downloadFile } from '../../../features/customers/api/download-file';
import { CustomerCard } from '../../../features/customers/components/customer-card';
import { CUSTOMER_FILTER_LABELS, CUSTOMER_FILTERS, CUSTOMER_MESSAGES, type TCustomerFilter, type TCustomerScope } from '../../../../shared/schemas/customers';
import { NativeSelect } from '../../../components/ui/native-select';
import { Switch } from '../../../components/ui/switch';
import { toastError } from '../../../lib/toast';

/** The search box writes ?q= after a short pause; ?page= pages through the results. */
export default function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const scope: TCustomerScope = params.get('scope') === 'all' ? 'all' : 'known';
  const filterParam = params.get('filter');
  const filter = (CUSTOMER_FILTERS as readonly string[]).includes(filterParam ?? '') ? (filterParam as TCustomerFilter) : null;
  const [draft, setDraft] = useState(q);
  const [exporting, setExporting] = useState(false);
  const customers = useCustomers({ q, page, scope, filter });

  /** The address keeps the search, the view and the filter (a reload or a shared link shows the same list); a change goes back to page 1. */
  const show = (next: { scope?: TCustomerScope; filter?: TCustomerFilter | null; page?: number }) => {
    const merged = { q, scope, filter, page: 1, ...next };
    const search: Record<string, string> = {};
    if (merged.q) search.q = merged.q;
    if (merged.scope === 'all') search.scope = 'all';
    if (merged.filter) search.filter = merged.filter;
    if (merged.page > 1) search.page = String(merged.page);
    setParams(search);
  };

  useEffect(() => {
    if (draft.trim() === q) return;
    const timer = setTimeout(
      () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (draft.trim()) next.set('q', draft.trim());
            else next.delete('q');
            next.delete('page');
            return next;
          },
          { replace: true },
        ),
      250,
    );
    return () => clearTimeout(timer);
  }, [draft, q, setParams]);

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

  const data = customers.data;
  return (
    <OwnerPage title="Clients">
      <div className="flex flex-col gap-5">
        <Link to={paths.dashboard.href()} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Retour au tableau de bord
        </Link>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="text-2xl font-semibold tracking-tight">Vos clients</h2>
            <p className="text-sm text-stone-600" aria-live="polite">
              {data ? `${data.total.toLocaleString('fr-FR')}${data.totalIsCapped ? '+' : ''} client${data.total > 1 ? 's' : ''}${q || filter ? ' trouvé' + (data.total > 1 ? 's' : '') : ''}` : '\u00a0'}
            </p>
          </div>
          <Button variant="outline" onClick={exportCsv} disabled={exporting}>
            <Download aria-hidden="true" />
            Exporter en CSV
          </Button>
        </div>
        <form role="search" className="relative" onSubmit={(event) => event.preventDefault()}>
          <Label htmlFor="customer-search" className="sr-only">
            Rechercher des clients
          </Label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400" aria-hidden="true" />
          <Input
            id="customer-search"
            type="search"
            className="pl-9"
            placeholder={CUSTOMER_MESSAGES.searchPlaceholder}
            value={draft}
            maxLength={100}
            onChange={(event) => setDraft(event.target.value)}
            autoComplete="off"
          />
        </form>
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
        {scope === 'known' ? (
          <p className="-mt-2 text-xs text-stone-500">Sont affichés les clients joignables (email ou téléphone) ou qui ont une récompense à remettre.</p>
        ) : null}
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
    </OwnerPage>
  );
}
