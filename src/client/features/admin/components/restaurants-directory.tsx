import { Search } from 'lucide-react';
import { useCallback, useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { planStateFr } from './plan-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { formatCount, formatShortDateFr } from '../../../../shared/format';
import {
  ADMIN_PAGE_SIZE,
  COUNTRY_LABELS,
  ORGANISATION_STATUS_LABELS,
  ZCountryFilter,
  ZRestaurantStatusFilter,
  type TCountryFilter,
  type TRestaurantStatusFilter,
} from '../../../../shared/schemas/admin';
import { OrganisationIdentifier } from './organisation-identifier';
import { useAdminOrganisations, type AdminOrganisationListItem } from '../api/get-restaurants';
import { Pager } from '../../../components/ui/pager';
import { QueryError } from '../../../components/ui/query-error';
import { OrganisationStatusBadge } from './status-badge';
import { readDirectoryParams, withDirectoryChange, type DirectoryChange } from './directory-params';
import { useSearchBox } from './use-search-box';

const SEARCH_DELAY_MS = 300;

const FILTER_LABELS: Record<TRestaurantStatusFilter, string> = {
  all: 'Tous les statuts',
  pending: ORGANISATION_STATUS_LABELS.pending,
  approved: ORGANISATION_STATUS_LABELS.approved,
  rejected: ORGANISATION_STATUS_LABELS.rejected,
  suspended: ORGANISATION_STATUS_LABELS.suspended,
};

const COUNTRY_FILTER_LABELS: Record<TCountryFilter, string> = { all: 'Tous les pays', ...COUNTRY_LABELS };

/** Search, status filter and page live in the address, so back/forward and shared links keep them. */
function useDirectoryParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = useCallback(
    (next: DirectoryChange) => setSearchParams((previous) => withDirectoryChange(previous, next), { replace: next.page === undefined }),
    [setSearchParams],
  );
  return { ...readDirectoryParams(searchParams), update };
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count > 1 ? many : one}`;
}

/** The directory of organisations (decision 055): search, status filter and pages, a row opening the detail. */
export function OrganisationsDirectory() {
  const { q, status, country, page, update } = useDirectoryParams();
  const searchId = useId();
  const statusId = useId();
  const countryId = useId();
  const navigate = useNavigate();
  const list = useAdminOrganisations({ q, status, country, page });
  const { text, setText, submit, dropPending } = useSearchBox(q, (value) => update({ q: value }), SEARCH_DELAY_MS);

  const total = list.data?.total ?? 0;
  const items = list.data?.items ?? [];

  return (
    <div className="flex flex-col gap-4">
      <form role="search" onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_14rem_12rem]">
        <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
          <Label htmlFor={searchId}>Rechercher</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400" aria-hidden="true" />
            <Input id={searchId} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Nom, email, SIREN, SIRET ou n° Companies House" className="pl-9" />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={statusId}>Statut</Label>
          <NativeSelect id={statusId} value={status} onChange={(event) => update({ status: ZRestaurantStatusFilter.catch('all').parse(event.target.value) })}>
            {ZRestaurantStatusFilter.options.map((option) => (
              <option key={option} value={option}>
                {FILTER_LABELS[option]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={countryId}>Pays</Label>
          <NativeSelect id={countryId} value={country} onChange={(event) => update({ country: ZCountryFilter.catch('all').parse(event.target.value) })}>
            {ZCountryFilter.options.map((option) => (
              <option key={option} value={option}>
                {COUNTRY_FILTER_LABELS[option]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </form>

      <p className="text-sm text-stone-600" aria-live="polite">
        {list.isPending ? 'Chargement…' : list.isError ? '' : plural(total, 'organisation', 'organisations')}
      </p>

      {list.isPending ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : list.isError ? (
        <QueryError title="Impossible de charger les organisations" detail={list.error.message} onRetry={() => list.refetch()} />
      ) : items.length === 0 && total > 0 ? (
        // A page past the end (the list shrank since the link was made): offer the first page.
        <Card className="flex flex-col items-center gap-3 px-5 py-10 text-center text-stone-600">
          <p>Cette page est vide.</p>
          <Button variant="outline" onClick={() => update({ page: 1 })}>
            Revenir à la première page
          </Button>
        </Card>
      ) : items.length === 0 ? (
        <Card className="px-5 py-10 text-center text-stone-600">
          {q || status !== 'all' || country !== 'all' ? 'Aucune organisation ne correspond à votre recherche.' : 'Aucune organisation pour le moment.'}
        </Card>
      ) : (
        <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={list.isPlaceholderData} onClickCapture={dropPending}>
          {/* Phone: one card per organisation. */}
          <ul className="flex flex-col gap-2 md:hidden">
            {items.map((organisation) => (
              <li key={organisation.id}>
                <OrganisationCard organisation={organisation} />
              </li>
            ))}
          </ul>
          {/* Tablet and desktop: the table; a row opens the detail. */}
          <OrganisationsTable items={items} onOpen={(id) => navigate(paths.adminRestaurant.href(id))} />
        </div>
      )}

      {items.length > 0 ? <Pager page={page} total={total} pageSize={ADMIN_PAGE_SIZE} onPageChange={(next) => update({ page: next })} /> : null}
    </div>
  );
}

/** The directory's table (tablet and desktop): a row, or its name, opens the organisation. */
function OrganisationsTable({ items, onOpen }: { items: AdminOrganisationListItem[]; onOpen: (id: string) => void }) {
  return (
    <Card className="hidden overflow-hidden md:block">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Organisation</TableHead>
            <TableHead>Pays · identifiant</TableHead>
            <TableHead>Statut</TableHead>
            <TableHead>Forfait</TableHead>
            <TableHead className="text-right">Établissements</TableHead>
            <TableHead className="text-right">Membres</TableHead>
            <TableHead>Créée le</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((organisation) => (
            <TableRow key={organisation.id} className="cursor-pointer hover:bg-stone-50" onClick={() => onOpen(organisation.id)}>
              <TableCell className="font-medium">
                <Link to={paths.adminRestaurant.href(organisation.id)} className="hover:underline" onClick={(event) => event.stopPropagation()}>
                  {organisation.name}
                </Link>
                {organisation.contactEmail ? <span className="block max-w-64 truncate text-xs font-normal text-stone-600">{organisation.contactEmail}</span> : null}
              </TableCell>
              <TableCell className="whitespace-nowrap text-stone-700">
                <span className="block text-sm">{COUNTRY_LABELS[organisation.country]}</span>
                <span className="block text-xs text-stone-600">
                  <OrganisationIdentifier organisation={organisation} />
                </span>
              </TableCell>
              <TableCell>
                <OrganisationStatusBadge status={organisation.status} />
              </TableCell>
              <TableCell className="min-w-36 text-sm text-stone-700">{planStateFr(organisation.plan)}</TableCell>
              <TableCell className="text-right tabular-nums text-stone-700">{formatCount(organisation.venueCount)}</TableCell>
              <TableCell className="text-right tabular-nums text-stone-700">{formatCount(organisation.memberCount)}</TableCell>
              <TableCell className="whitespace-nowrap text-stone-700">{formatShortDateFr(organisation.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

function OrganisationCard({ organisation }: { organisation: AdminOrganisationListItem }) {
  return (
    <Link to={paths.adminRestaurant.href(organisation.id)} className="block rounded-xl">
      <Card className="flex flex-col gap-1 p-4 hover:bg-stone-50">
        <div className="flex items-start justify-between gap-2">
          <p className="min-w-0 font-medium break-words">{organisation.name}</p>
          <OrganisationStatusBadge status={organisation.status} />
        </div>
        {organisation.contactEmail ? <p className="truncate text-sm text-stone-600">{organisation.contactEmail}</p> : null}
        <p className="text-sm text-stone-700">
          {plural(organisation.venueCount, 'établissement', 'établissements')} · {plural(organisation.memberCount, 'membre', 'membres')}
        </p>
        <p className="text-sm text-stone-700">Forfait : {planStateFr(organisation.plan)}</p>
        <p className="text-xs text-stone-500">
          {COUNTRY_LABELS[organisation.country]} · <OrganisationIdentifier organisation={organisation} /> · Créée le {formatShortDateFr(organisation.createdAt)}
        </p>
      </Card>
    </Link>
  );
}
