import type { TVenueRef } from '../../../../shared/schemas/team';

/**
 * All venues, or chosen ones: two radio buttons, then a checkbox per venue when "chosen". `mayChooseAll`
 * false (a gérant on some venues): only the chosen ones.
 */
export function VenueChoice({
  idPrefix,
  venues,
  allVenues,
  venueIds,
  mayChooseAll,
  onChange,
}: {
  idPrefix: string;
  venues: readonly TVenueRef[];
  allVenues: boolean;
  venueIds: readonly string[];
  mayChooseAll: boolean;
  onChange: (value: { allVenues: boolean; venueIds: string[] }) => void;
}) {
  const toggle = (id: string, checked: boolean) => onChange({ allVenues: false, venueIds: checked ? [...venueIds, id] : venueIds.filter((venueId) => venueId !== id) });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-stone-800">Établissements</legend>
      {mayChooseAll ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-5">
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input type="radio" name={`${idPrefix}-scope`} className="size-4 accent-brand-700" checked={allVenues} onChange={() => onChange({ allVenues: true, venueIds: [] })} />
            Tous les établissements, y compris les futurs
          </label>
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input type="radio" name={`${idPrefix}-scope`} className="size-4 accent-brand-700" checked={!allVenues} onChange={() => onChange({ allVenues: false, venueIds: [...venueIds] })} />
            Certains établissements
          </label>
        </div>
      ) : null}
      {!allVenues ? (
        <div className="flex flex-col gap-1 rounded-lg border border-stone-200 p-2">
          {venues.map((venue) => (
            <label key={venue.id} className="flex min-h-10 items-center gap-2 rounded-md px-2 text-sm hover:bg-stone-50">
              <input type="checkbox" className="size-4 accent-brand-700" checked={venueIds.includes(venue.id)} onChange={(event) => toggle(venue.id, event.target.checked)} />
              {venue.name}
            </label>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
