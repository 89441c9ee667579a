import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/native-select';
import type { TInboxFilters, TInboxOptions } from '../../../../shared/schemas/inbox';

const RATINGS = [
  ['', 'Toutes les notes'],
  ['le3', '3 étoiles ou moins'],
  ['ge4', '4 ou 5 étoiles'],
  ['5', '5 étoiles'],
  ['4', '4 étoiles'],
  ['3', '3 étoiles'],
  ['2', '2 étoiles'],
  ['1', '1 étoile'],
] as const;

const PERIODS = [
  ['', 'Depuis le début'],
  ['tonight', 'Ce soir (depuis 16 h)'],
  ['today', 'Aujourd’hui'],
  ['7d', '7 derniers jours'],
  ['30d', '30 derniers jours'],
  ['custom', 'Dates choisies'],
] as const;

const STATUSES = [
  ['', 'Tous les statuts'],
  ['new', 'Nouveau'],
  ['done', 'Traité'],
] as const;

export type FilterPatch = Partial<Record<keyof TInboxFilters, string | undefined>>;

/**
 * The filters of /avis; each change is written to the URL. `onPatch` gets only what changed: the page
 * merges it into the latest filters (two quick changes must not undo each other while the URL updates).
 */
export function InboxFilters({ filters, options, onPatch, onClear }: { filters: TInboxFilters; options: TInboxOptions | undefined; onPatch: (patch: FilterPatch) => void; onClear: () => void }) {
  const id = useId();
  const set = onPatch;
  const active = Object.values(filters).some((value) => value);
  return (
    <form role="search" aria-label="Filtrer les avis" className="grid grid-cols-1 gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
      <SelectField id={`${id}-rating`} label="Note" value={filters.rating} options={RATINGS} onChange={(rating) => set({ rating })} />
      <SelectField
        id={`${id}-period`}
        label="Période"
        value={filters.period}
        options={PERIODS}
        onChange={(period) => set({ period, ...(period === 'custom' ? {} : { from: undefined, to: undefined }) })}
      />
      <SelectField
        id={`${id}-qr`}
        label="Table / QR"
        value={filters.qr}
        options={[['', 'Toutes les tables'], ...(options?.qrCodes ?? []).map((qr) => [qr.id, qr.label] as const)]}
        onChange={(qr) => set({ qr })}
        extra={<option value="none">Sans QR code</option>}
      />
      <SelectField id={`${id}-status`} label="Statut" value={filters.status} options={STATUSES} onChange={(status) => set({ status })} />
      {filters.period === 'custom' ? (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-from`}>Du</Label>
            <Input id={`${id}-from`} type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => set({ from: event.target.value || undefined })} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-to`}>Au</Label>
            <Input id={`${id}-to`} type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => set({ to: event.target.value || undefined })} />
          </div>
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 sm:col-span-2 lg:col-span-4">
        <label className="inline-flex items-center gap-2 text-sm" htmlFor={`${id}-comment`}>
          <input id={`${id}-comment`} type="checkbox" className="size-4 accent-brand-700" checked={!!filters.comment} onChange={(event) => set({ comment: event.target.checked ? '1' : undefined })} />
          Avec commentaire
        </label>
        <label className="inline-flex items-center gap-2 text-sm" htmlFor={`${id}-contact`}>
          <input id={`${id}-contact`} type="checkbox" className="size-4 accent-brand-700" checked={!!filters.contact} onChange={(event) => set({ contact: event.target.checked ? '1' : undefined })} />
          Avec contact
        </label>
        {active ? (
          <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
            Effacer les filtres
          </Button>
        ) : null}
      </div>
    </form>
  );
}
