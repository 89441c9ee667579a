import { useQueryClient } from '@tanstack/react-query';
import { MessageSquareHeart } from 'lucide-react';
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { matchPath, Navigate, NavLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { paths, VENUE_PAGES } from '../../config/paths';
import { useMe } from '../../features/accounts/api/get-me';
import { accountKeys } from '../../features/accounts/api/keys';
import { LANDING_PARAM } from '../../features/accounts/browser-session';
import { EmailNotVerifiedScreen, RejectedScreen, SuspendedScreen } from '../../features/accounts/components/gate-screens';
import { useSignOut } from '../../features/accounts/components/use-sign-out';
import { authClient } from '../../lib/auth-client';
import { Button } from '../../components/ui/button';
import { PageLoading } from '../../components/ui/skeleton';
import { AppHeader, type HeaderNavItem } from './app-header';
import { PlanBanner } from '../../features/subscription/components/plan-banner';
import { EmailQuotaBanner } from '../../features/quota/email-quota-banner';
import { preferredVenue, setCurrentVenue } from '../../lib/current-venue';
import { NativeSelect } from '../../components/ui/native-select';
import { formatRoleFr } from '../../../shared/rules/roles';
import { resolveOwnerGate } from '../../../shared/rules/owner-gate';
import { withReturnPath } from '../../../shared/rules/return-path';
import type { Action } from '../../../shared/rules/permissions';
import { paths as routes } from '../../../shared/paths';
import { venueHref, withoutVenue } from '../../../shared/venue';
import type { TMeResponse } from '../../../shared/schemas/accounts';

type VenuePage = (typeof VENUE_PAGES)[number];
type Venue = TMeResponse['restaurants'][number];

/** What each owner page needs of the member's role (shared/rules/permissions.ts): the API refuses the same. */
const PAGE_ACTIONS: Record<VenuePage, Action> = {
  dashboard: 'dashboard.view',
  reviews: 'reviews.view',
  customers: 'customers.view',
  customer: 'customers.view',
  loyalty: 'loyalty.manage',
  qr: 'qr.manage',
  automations: 'automations.manage',
  security: 'security.check',
  googleSettings: 'settings.manage',
  settings: 'settings.manage',
  counter: 'counter.use',
  pendingRewards: 'counter.use',
  team: 'members.invite',
  venues: 'dashboard.view',
  venuesSynthesis: 'dashboard.view',
  subscription: 'organisation.manage',
  developers: 'api.manage',
  webhooks: 'api.manage',
  webhookEndpoint: 'api.manage',
};

/** The menu, in order; an entry shows only to a role that may open its page. */
const NAV: Array<{ page: VenuePage; label: string; short?: string }> = [
  { page: 'dashboard', label: 'Tableau de bord', short: 'Accueil' },
  { page: 'reviews', label: 'Avis' },
  { page: 'qr', label: 'QR codes' },
  { page: 'customers', label: 'Clients' },
  { page: 'counter', label: 'Comptoir' },
  { page: 'loyalty', label: 'Fidélité' },
  { page: 'automations', label: 'Automations' },
  { page: 'googleSettings', label: 'Lien d’avis' },
  { page: 'security', label: 'Sécurité' },
  { page: 'settings', label: 'Paramètres' },
  { page: 'venues', label: 'Établissements' },
  { page: 'team', label: 'Équipe' },
  { page: 'subscription', label: 'Abonnement' },
  { page: 'developers', label: 'API' },
];

/** The owner page an address (without its venue) shows. */
function pageOf(pathname: string): VenuePage | null {
  return VENUE_PAGES.find((key) => matchPath(routes[key].path, pathname)) ?? null;
}

/** Whether the member's role in `venue` may open `page`. */
const mayOpen = (venue: Venue, page: VenuePage) => venue.permissions.includes(PAGE_ACTIONS[page]);

/** The first page of the menu the role may open (the counter for the counter staff). */
function homePageOf(venue: Venue): VenuePage {
  return NAV.find((item) => mayOpen(venue, item.page))?.page ?? 'counter';
}

/**
 * The venue switcher (only with more than one venue): the same section of the chosen venue, in this tab.
 * A page of one record (a customer, a review) opens its list, which belongs to the venue.
 */
function VenueSwitcher({ venues, current, page }: { venues: Venue[]; current: Venue; page: VenuePage | null }) {
  const navigate = useNavigate();
  if (venues.length < 2) return null;
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only sm:not-sr-only sm:text-stone-600">Établissement</span>
      <NativeSelect
        className="w-44 sm:w-56"
        value={current.id}
        data-testid="venue-switcher"
        onChange={(event) => {
          const next = venues.find((venue) => venue.id === event.target.value);
          if (!next) return;
          const section = page === 'customer' ? 'customers' : page;
          const target = section && mayOpen(next, section) ? section : homePageOf(next);
          navigate(venueHref(next.id, (routes[target].href as () => string)()));
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

/** A venue named by the address that this account cannot open (another account's link, a removed access). */
function VenueNotFound({ home }: { home: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">Établissement introuvable</h1>
      <p className="text-stone-600">Ce lien mène à un établissement auquel votre compte n’a pas accès.</p>
      <NavLink to={home} className="font-medium text-brand-700 hover:underline">
        Aller à mon espace
      </NavLink>
    </main>
  );
}

/** A page the member's role does not open (the API refuses it too), with a way to the role's first page. */
function PageNotAllowed({ home, homeLabel }: { home: string; homeLabel: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center" role="status">
      <h2 className="text-xl font-semibold">Page non accessible</h2>
      <p className="text-stone-600">Votre rôle ne permet pas d’ouvrir cette page.</p>
      <NavLink to={home} className="font-medium text-brand-700 hover:underline">
        Aller à : {homeLabel}
      </NavLink>
    </div>
  );
}

/** One owner page inside the layout: its document title and its (visually hidden) main heading. */
export function OwnerPage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ReFeed`;
  }, [title]);
  return (
    <>
      <h1 className="sr-only">{title}</h1>
      {children}
    </>
  );
}

/**
 * The layout route of every owner page: the owner gate of spec §4, re-checked on every auth change, the
 * venue of the address (decision 056: a bare address opens the venue used last), the role's pages, and
 * the header with the venue's name, the user's role, the venue switcher and sign-out. The API enforces
 * the same gate and permissions on every owner endpoint.
 */
export function OwnerLayout() {
  const me = useMe({ refetchOnWindowFocus: true });
  const session = authClient.useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { venueId } = useParams();
  const { signOut, pending: signingOut } = useSignOut();

  // Re-check the gate whenever the session changes (sign-in, sign-out, another account).
  const sessionKey = session.isPending ? null : (session.data?.session.id ?? 'signed-out');
  const previousSessionKey = useRef<string | null>(null);
  useEffect(() => {
    if (sessionKey === null) return;
    if (previousSessionKey.current !== null && previousSessionKey.current !== sessionKey) {
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    }
    previousSessionKey.current = sessionKey;
  }, [sessionKey, queryClient]);

  const gate = me.data === null ? 'signed-out' : me.data?.gate;
  // A sign-in link's landing (?landing=1, handled by the root layout) decides where to go first.
  const landing = new URLSearchParams(location.search).has(LANDING_PARAM);
  useEffect(() => {
    if (landing) return;
    // Signed out: the page asked for (an alert's link to a review) is opened again after sign-in.
    if (gate === 'signed-out') navigate(withReturnPath(paths.login.href(), `${location.pathname}${location.search}${location.hash}`), { replace: true });
    if (gate === 'no-restaurant') navigate(paths.login.href(), { replace: true });
    if (gate === 'pending') navigate(paths.pending.href(), { replace: true });
  }, [gate, landing, navigate, location.pathname, location.search, location.hash]);

  if (me.isError) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-xl font-semibold">Impossible de charger votre espace</h1>
        <p className="text-stone-600">Vérifiez votre connexion puis réessayez.</p>
        <Button onClick={() => void me.refetch()}>Réessayer</Button>
      </main>
    );
  }
  if (!me.data || landing) return <PageLoading label="Vérification de votre accès…" />;
  const venues = me.data.restaurants;
  const inAddress = venueId ? venues.find((venue) => venue.id === venueId) : undefined;
  const page = pageOf(withoutVenue(location.pathname));
  if (!venueId) {
    // A bare address (an older email, a bookmark): the same page in the venue used last.
    const preferred = preferredVenue(venues.map((venue) => venue.id));
    if (preferred) return <Navigate replace to={venueHref(preferred, `${location.pathname}${location.search}${location.hash}`)} />;
  }
  const restaurant = inAddress ?? venues[0];
  if (venueId && !inAddress) return <VenueNotFound home={restaurant ? venueHref(restaurant.id, (routes[homePageOf(restaurant)].href as () => string)()) : paths.login.href()} />;
  const venueGate = resolveOwnerGate(me.data.user.emailVerified, restaurant);
  if (venueGate === 'email-not-verified') return <EmailNotVerifiedScreen email={me.data.user.email} />;
  if (venueGate === 'rejected') return <RejectedScreen reason={restaurant?.rejectionReason ?? null} supportEmail={me.data.supportEmail} />;
  if (venueGate === 'suspended') return <SuspendedScreen reason={restaurant?.suspensionReason ?? null} supportEmail={me.data.supportEmail} />;
  if (venueGate !== 'approved' || !restaurant) return <PageLoading label="Redirection…" />;
  // This tab's venue: its API calls, links and cached data are this venue's from here on (lib/current-venue.ts).
  setCurrentVenue(restaurant.id);
  const home = venueHref(restaurant.id, (routes[homePageOf(restaurant)].href as () => string)());
  // Where the banners lead: /abonnement in this venue, for those who may open it.
  const subscriptionHref = mayOpen(restaurant, 'subscription') ? venueHref(restaurant.id, routes.subscription.href()) : null;
  // Landing on a dashboard the role does not have (the counter staff): its first page instead.
  if (page === 'dashboard' && !mayOpen(restaurant, page)) return <Navigate replace to={home} />;
  const nav: HeaderNavItem[] = NAV.filter((item) => mayOpen(restaurant, item.page)).map((item) => ({
    to: venueHref(restaurant.id, (routes[item.page].href as () => string)()),
    label: item.label,
    short: item.short,
  }));

  return (
    <div className="min-h-dvh">
      <AppHeader
        brand={
          <NavLink to={home} className="flex min-w-0 items-center gap-2" aria-label={`${restaurant.name}, accueil de l’établissement`}>
            <MessageSquareHeart className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
            <span className="flex min-w-0 flex-col leading-tight">
              <span className="truncate font-semibold text-stone-900" data-testid="owner-restaurant-name">
                {restaurant.name}
              </span>
              <span className="text-xs text-stone-500" data-testid="owner-role">
                {formatRoleFr(restaurant.role)}
              </span>
            </span>
          </NavLink>
        }
        aside={<VenueSwitcher venues={venues} current={restaurant} page={page} />}
        nav={nav}
        navLabel="Espace restaurant"
        onSignOut={signOut}
        signingOut={signingOut}
      />
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        {/* Each venue's pages start afresh (their forms and filters belong to the venue). */}
        <PlanBanner venue={restaurant} subscriptionHref={subscriptionHref} onSubscriptionPage={page === 'subscription'} />
        {restaurant.role !== 'staff' && <EmailQuotaBanner restaurantId={restaurant.id} subscriptionHref={subscriptionHref} onSubscriptionPage={page === 'subscription'} />}
        <Fragment key={restaurant.id}>{page && !mayOpen(restaurant, page) ? <PageNotAllowed home={home} homeLabel={NAV.find((item) => item.page === homePageOf(restaurant))?.label ?? 'Comptoir'} /> : <Outlet />}</Fragment>
      </main>
    </div>
  );
}

