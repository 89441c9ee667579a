import { ChevronRight, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatCount, formatDateFr } from '../../../../shared/format';
import { COUNTRY_LABELS } from '../../../../shared/schemas/admin';
import type { AdminOverview } from '../api/get-overview';

/** The pending organisations, oldest first, each opening its detail page. */
export function PendingList({ pending, total }: { pending: AdminOverview['pending']; total: number }) {
  if (pending.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-5 py-10 text-center text-stone-600">
        <Inbox className="size-8 text-stone-400" aria-hidden="true" />
        <p>Aucune demande en attente.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="divide-y divide-stone-100">
        {pending.map((restaurant) => (
          <li key={restaurant.id}>
            <Link to={paths.adminRestaurant.href(restaurant.id)} className="flex items-center gap-3 px-5 py-3 hover:bg-stone-50">
              <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-3">
                <div className="min-w-0 sm:flex-1">
                  <p className="font-medium break-words">{restaurant.name}</p>
                  <p className="truncate text-sm text-stone-600">
                    {restaurant.contactEmail}
                    {restaurant.country === 'GB'
                      ? ` · ${COUNTRY_LABELS.GB} · ${restaurant.companyNumber ? `Companies House ${restaurant.companyNumber}` : 'Sole trader (sans numéro)'}`
                      : restaurant.siren
                        ? ` · SIREN ${restaurant.siren}`
                        : ''}
                    {restaurant.venueCount > 1 ? ` · ${restaurant.venueCount} établissements` : ''}
                  </p>
                </div>
                <p className="text-xs text-stone-500 sm:shrink-0 sm:text-right sm:text-sm sm:text-stone-600">
                  <span className="sm:sr-only">Demandé le </span>
                  {formatDateFr(restaurant.createdAt)}
                </p>
              </div>
              <ChevronRight className="size-4 shrink-0 text-stone-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      {total > pending.length ? (
        <p className="border-t border-stone-100 px-5 py-3 text-sm">
          <Link to={`${paths.adminRestaurants.href()}?status=pending`} className="text-brand-700 underline underline-offset-4">
            Voir les {formatCount(total)} demandes en attente
          </Link>
        </p>
      ) : null}
    </>
  );
}
