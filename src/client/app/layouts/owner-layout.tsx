import { MessageSquareHeart } from 'lucide-react';
import { Fragment } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { EmailNotVerifiedScreen, RejectedScreen, SuspendedScreen } from '../../features/accounts/components/gate-screens';
import { useSignOut } from '../../features/accounts/components/use-sign-out';
import { LanguageSwitch } from '../../features/accounts/components/language-switch';
import { PlanBanner } from '../../features/subscription/components/plan-banner';
import { EmailQuotaBanner } from '../../features/quota/components/email-quota-banner';
import { PageLoading } from '../../components/ui/skeleton';
import { preferredVenue, setCurrentVenue } from '../../lib/current-venue';
import { formatRole } from '../../../shared/rules/roles';
import { useOwnerLocale, useOwnerMessages } from '../../lib/owner-locale';
import { AppHeader } from './app-header';
import { homePageOf, mayOpen, ownerMenuOf, pageLabel, venuePageHref, type Venue, type VenuePage } from './header-nav';
import { OwnerLoadFailed, PageNotAllowed, VenueNotFound } from './owner/owner-screens';
import { useOwnerSession } from './owner/use-owner-session';
import { venueOfAddress } from './owner/venue-of-address';
import { VenueSwitcher } from './owner/venue-switcher';

// The pages still importing it from here (the others import owner/owner-page.tsx).
export { OwnerPage } from '../../components/owner-page';

/**
 * The layout route of every owner page: the owner gate of spec §4 (useOwnerSession), the venue of the
 * address and the role's right to the page (venueOfAddress), then the page frame: the header with the
 * venue's name, the user's role, the venue switcher, the grouped menu and sign-out, the plan and quota
 * banners, and the page. The API enforces the same gate and permissions on every owner endpoint.
 */
export function OwnerLayout() {
  const { me, landing } = useOwnerSession();
  const location = useLocation();
  const { venueId } = useParams();
  const m = useOwnerMessages();

  if (me.isError) return <OwnerLoadFailed onRetry={() => void me.refetch()} />;
  if (!me.data || landing) return <PageLoading label={m.shell_checking_access()} />;
  const address = { venueId, pathname: location.pathname, search: location.search, hash: location.hash };
  const resolved = venueOfAddress(me.data, address, venueId ? null : preferredVenue(me.data.restaurants.map((venue) => venue.id)));
  switch (resolved.kind) {
    case 'redirect':
      return <Navigate replace to={resolved.to} />;
    case 'not-found':
      return <VenueNotFound home={resolved.home ?? paths.login.href()} />;
    case 'email-not-verified':
      return <EmailNotVerifiedScreen email={me.data.user.email} />;
    case 'rejected':
      return <RejectedScreen reason={resolved.venue?.rejectionReason ?? null} supportEmail={me.data.supportEmail} />;
    case 'suspended':
      return <SuspendedScreen reason={resolved.venue?.suspensionReason ?? null} supportEmail={me.data.supportEmail} />;
    case 'waiting':
      return <PageLoading label={m.shell_redirecting()} />;
  }
  // This tab's venue: its API calls, links and cached data are this venue's from here on (lib/current-venue.ts).
  setCurrentVenue(resolved.venue.id);
  return <OwnerFrame venues={me.data.restaurants} venue={resolved.venue} page={resolved.page} home={resolved.home} allowed={resolved.allowed} />;
}

/** The page frame of an open venue: header, banners, then the page (or why the role may not open it). */
function OwnerFrame({ venues, venue, page, home, allowed }: { venues: Venue[]; venue: Venue; page: VenuePage | null; home: string; allowed: boolean }) {
  const { signOut, pending: signingOut } = useSignOut();
  const m = useOwnerMessages();
  // Where the banners lead: /abonnement in this venue, for those who may open it.
  const subscriptionHref = mayOpen(venue, 'subscription') ? venuePageHref(venue.id, 'subscription') : null;
  const onSubscriptionPage = page === 'subscription';
  return (
    <div className="min-h-dvh">
      <AppHeader
        brand={<VenueBrand venue={venue} home={home} />}
        aside={
          <>
            <LanguageSwitch />
            <VenueSwitcher venues={venues} current={venue} page={page} />
          </>
        }
        nav={ownerMenuOf(venue, m)}
        navLabel={m.shell_nav_label()}
        onSignOut={signOut}
        signingOut={signingOut}
        signOutLabel={m.shell_sign_out()}
      />
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <PlanBanner venue={venue} subscriptionHref={subscriptionHref} onSubscriptionPage={onSubscriptionPage} />
        {venue.role !== 'staff' && <EmailQuotaBanner restaurantId={venue.id} subscriptionHref={subscriptionHref} onSubscriptionPage={onSubscriptionPage} />}
        {/* Each venue's pages start afresh (their forms and filters belong to the venue). */}
        <Fragment key={venue.id}>{allowed ? <Outlet /> : <PageNotAllowed home={home} homeLabel={pageLabel(homePageOf(venue), m)} />}</Fragment>
      </main>
    </div>
  );
}

/** The header's brand: the venue's name and the member's role, a link to the role's first page. */
function VenueBrand({ venue, home }: { venue: Venue; home: string }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  return (
    <NavLink to={home} className="flex min-w-0 items-center gap-2" aria-label={m.shell_venue_home({ name: venue.name })}>
      <MessageSquareHeart className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="truncate font-semibold text-stone-900" data-testid="owner-restaurant-name">
          {venue.name}
        </span>
        <span className="text-xs text-stone-500" data-testid="owner-role">
          {formatRole(venue.role, locale)}
        </span>
      </span>
    </NavLink>
  );
}
