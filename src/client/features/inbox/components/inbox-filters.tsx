import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/native-select';
import { useOwnerMessages } from '../../../lib/owner-locale';
import type { OwnerMessages } from '../../../../shared/i18n/owner';
import type { TInboxFilters, TInboxOptions } from '../../../../shared/schemas/inbox';

/** The choices of the rating, period and status filters, in the owner's language. */
export function filterChoices(m: OwnerMessages) {
  const stars = (count: number) => m.reviews_filter_stars({ count });
  return {
    ratings: [
      ['', m.reviews_filter_rating_all()],
      ['le3', m.reviews_filter_rating_le3()],
      ['ge4', m.reviews_filter_rating_ge4()],
      ...([5, 4, 3, 2, 1] as const).map((count) => [String(count), stars(count)] as const),
    ],
    periods: [
      ['', m.reviews_filter_period_all()],
      ['tonight', m.reviews_filter_period_tonight()],
      ['today', m.reviews_filter_period_today()],
      ['7d', m.reviews_filter_period_7d()],
      ['30d', m.reviews_filter_period_30d()],
      ['custom', m.reviews_filter_period_custom()],
    ],
    statuses: [
      ['', m.reviews_filter_status_all()],
      ['new', m.reviews_status_new()],
      ['done', m.reviews_status_done()],
    ],
  } satisfies Record<string, ReadonlyArray<readonly [string, string]>>;
}

export type FilterPatch = Partial<Record<keyof TInboxFilters, string | undefined>>;

/**
 * The filters of /avis; each change is written to the URL. `onPatch` gets only what changed: the page
 * merges it into the latest filters (two quick changes must not undo each other while the URL updates).
 */
export function InboxFilters({ filters, options, onPatch, onClear }: { filters: TInboxFilters; options: TInboxOptions | undefined; onPatch: (patch: FilterPatch) => void; onClear: () => void }) {
  const id = useId();
  const m = useOwnerMessages();
  const choices = filterChoices(m);
  const set = onPatch;
  const active = Object.values(filters).some((value) => value);
  return (
    <form role="search" aria-label={m.reviews_filter_label()} className="grid grid-cols-1 gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
      <SelectField id={`${id}-rating`} label={m.reviews_filter_rating()} value={filters.rating} options={choices.ratings} onChange={(rating) => set({ rating })} />
      <SelectField
        id={`${id}-period`}
        label={m.reviews_filter_period()}
        value={filters.period}
        options={choices.periods}
        onChange={(period) => set({ period, ...(period === 'custom' ? {} : { from: undefined, to: undefined }) })}
      />
      <SelectField
        id={`${id}-qr`}
        label={m.reviews_filter_qr()}
        value={filters.qr}
        options={[['', m.reviews_filter_qr_all()], ...(options?.qrCodes ?? []).map((qr) => [qr.id, qr.label] as const)]}
        onChange={(qr) => set({ qr })}
        extra={<option value="none">{m.reviews_filter_qr_none()}</option>}
      />
      <SelectField id={`${id}-status`} label={m.reviews_filter_status()} value={filters.status} options={choices.statuses} onChange={(status) => set({ status })} />
      {filters.period === 'custom' ? (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-from`}>{m.reviews_filter_from()}</Label>
            <Input id={`${id}-from`} type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => set({ from: event.target.value || undefined })} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-to`}>{m.reviews_filter_to()}</Label>
            <Input id={`${id}-to`} type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => set({ to: event.target.value || undefined })} />
          </div>
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 sm:col-span-2 lg:col-span-4">
        <label className="inline-flex items-center gap-2 text-sm" htmlFor={`${id}-comment`}>
          <input id={`${id}-comment`} type="checkbox" className="size-4 accent-brand-700" checked={!!filters.comment} onChange={(event) => set({ comment: event.target.checked ? '1' : undefined })} />
          {m.reviews_filter_comment()}
        </label>
        <label className="inline-flex items-center gap-2 text-sm" htmlFor={`${id}-contact`}>
          <input id={`${id}-contact`} type="checkbox" className="size-4 accent-brand-700" checked={!!filters.contact} onChange={(event) => set({ contact: event.target.checked ? '1' : undefined })} />
          {m.reviews_filter_contact()}
        </label>
        {active ? (
          <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
            {m.reviews_filter_clear()}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
