import { useQueryClient } from '@tanstack/react-query';
import { MessageSquareHeart } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../features/accounts/api/get-me';
import { accountKeys } from '../../features/accounts/api/keys';
import { LANDING_PARAM } from '../../features/accounts/browser-session';
import { EmailNotVerifiedScreen, RejectedScreen, SuspendedScreen } from '../../features/accounts/components/gate-screens';
import { useSignOut } from '../../features/accounts/components/use-sign-out';
import { authClient } from '../../lib/auth-client';
import { Button } from '../../components/ui/button';
import { PageLoading } from '../../components/ui/skeleton';
import { AppHeader, type HeaderNavItem } from './app-header';
import { navForPermissions } from './header-nav';
import type { Action } from '../../../shared/rules/permissions';
import { formatRoleFr } from '../../../shared/rules/roles';
import { withReturnPath } from '../../../shared/rules/return-path';

/** The owner menu; an entry with an `action` shows only to the roles that may do it. */
const NAV: Array<HeaderNavItem & { action?: Action }> = [
  { to: paths.dashboard.href(), label: 'Tableau de bord', short: 'Accueil' },
  { to: paths.reviews.href(), label: 'Avis' },
  { to: paths.qr.href(), label: 'QR codes' },
  { to: paths.customers.href(), label: 'Clients' },
  { to: paths.counter.href(), label: 'Comptoir' },
  { to: paths.loyalty.href(), label: 'Fidélité' },
  { to: paths.automations.href(), label: 'Automations' },
  { to: paths.googleSettings.href(), label: 'Lien d’avis' },
  { to: paths.security.href(), label: 'Sécurité' },
  { to: paths.settings.href(), label: 'Paramètres' },
  { to: paths.venues.href(), label: 'Établissements', action: 'dashboard.view' },
];

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
 * The layout route of every owner page: the owner gate of spec §4, re-checked on every auth change,
 * and the header with the restaurant's name, the user's role and sign-out. The API enforces the same
 * gate on every owner endpoint.
 */
export function OwnerLayout() {
  const me = useMe({ refetchOnWindowFocus: true });
  const session = authClient.useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
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
  const restaurant = me.data.restaurants[0];
  if (me.data.gate === 'email-not-verified') return <EmailNotVerifiedScreen email={me.data.user.email} />;
  if (me.data.gate === 'rejected') return <RejectedScreen reason={restaurant?.rejectionReason ?? null} supportEmail={me.data.supportEmail} />;
  if (me.data.gate === 'suspended') return <SuspendedScreen reason={restaurant?.suspensionReason ?? null} supportEmail={me.data.supportEmail} />;
  if (me.data.gate !== 'approved' || !restaurant) return <PageLoading label="Redirection…" />;

  return (
    <div className="min-h-dvh">
      <AppHeader
        brand={
          <NavLink to={paths.dashboard.href()} className="flex min-w-0 items-center gap-2" aria-label={`${restaurant.name}, tableau de bord`}>
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
        nav={navForPermissions(NAV, restaurant.permissions)}
        navLabel="Espace restaurant"
        onSignOut={signOut}
        signingOut={signingOut}
      />
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}

