import { useNavigate } from 'react-router';
import { NativeSelect } from '../../../components/ui/native-select';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { homePageOf, mayOpen, venuePageHref, type Venue, type VenuePage } from '../header-nav';

/** Where switching to `next` from `page` leads: the same section, else the role's first page there. */
export function switchTarget(next: Pick<Venue, 'id' | 'permissions'>, page: VenuePage | null): string {
  // A page of one record (a customer) opens its list, which belongs to the venue.
  const section = page === 'customer' ? 'customers' : page;
  return venuePageHref(next.id, section && mayOpen(next, section) ? section : homePageOf(next));
}

/** The venue switcher (only with more than one venue): the same section of the chosen venue, in this tab. */
export function VenueSwitcher({ venues, current, page }: { venues: Venue[]; current: Venue; page: VenuePage | null }) {
  const navigate = useNavigate();
  const m = useOwnerMessages();
  if (venues.length < 2) return null;
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only sm:not-sr-only sm:text-stone-600">{m.shell_venue()}</span>
      <NativeSelect
        className="w-36 sm:w-56"
        value={current.id}
        data-testid="venue-switcher"
        onChange={(event) => {
          const next = venues.find((venue) => venue.id === event.target.value);
          if (next) navigate(switchTarget(next, page));
        }}
      >
        {venues.map((venue) => (
          <option key={venue.id} value={venue.id}>
            {venue.name}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}
