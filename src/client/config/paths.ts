// The route table lives in src/shared so the server can answer 404 for paths the app does not know.
import { paths as routes, VENUE_PAGES } from '../../shared/paths';
import { venueHref } from '../../shared/venue';
import { currentVenue } from '../lib/current-venue';

export * from '../../shared/paths';

type Routes = typeof routes;

/** A venue page whose link carries this tab's venue (`/v/{venueId}/avis`), or the bare address outside one. */
function inCurrentVenue<K extends (typeof VENUE_PAGES)[number]>(key: K): Routes[K] {
  const route = routes[key];
  const href = (...args: unknown[]) => {
    const target = (route.href as (...params: unknown[]) => string)(...args);
    const venue = currentVenue();
    return venue ? venueHref(venue, target) : target;
  };
  return { ...route, href } as Routes[K];
}

/** The app's routes as the client links them: the venue pages in the venue the tab shows (decision 056). */
export const paths: Routes = { ...routes, ...Object.fromEntries(VENUE_PAGES.map((key) => [key, inCurrentVenue(key)])) } as Routes;
