import { useQueryClient } from '@tanstack/react-query';
import { LogOut, MessageSquareHeart } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../features/accounts/api/get-me';
import { accountKeys } from '../../features/accounts/api/keys';
import { LANDING_PARAM } from '../../features/accounts/browser-session';
import { EmailNotVerifiedScreen, RejectedScreen, SuspendedScreen } from '../../features/accounts/components/gate-screens';
import { useSignOut } from '../../features/accounts/components/use-sign-out';
import { authClient } from '../../lib/auth-client';
import { Button } from '../ui/button';
import { PageLoading } from '../ui/skeleton';
import { headerNavLinkClass } from './header-nav';

const NAV = [
  { to: paths.dashboard.href(), label: 'Tableau de bord' },
  { to: paths.qr.href(), label: 'QR codes' },
  { to: paths.customers.href(), label: 'Clients' },
  { to: paths.loyalty.href(), label: 'Fidélité' },
  { to: paths.automations.href(), label: 'Automations' },
  { to: paths.googleSettings.href(), label: 'Lien d’avis' },
];

/** 'owner' → 'Owner': the role as the dashboard header shows it (spec §2). */
export function capitalizeRole(role: string): string {
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : role;
}

/**
 * The frame of every owner page: the owner gate of spec §4, re-checked on every auth change, and the
 * header with the restaurant's name, the user's role and sign-out. The API enforces the same gate.
 */
export function OwnerLayout({ title, children }: { title: string; children: ReactNode }) {
  const me = useMe({ refetchOnWindowFocus: true });
  const session = authClient.useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { signOut, pending: signingOut } = useSignOut();

  useEffect(() => {
    document.title = `${title} · ReFeed`;
  }, [title]);

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
    if (gate === 'signed-out' || gate === 'no-restaurant') navigate(paths.login.href(), { replace: true });
    if (gate === 'pending') navigate(paths.pending.href(), { replace: true });
  }, [gate, landing, navigate]);

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
      <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <NavLink to={paths.dashboard.href()} className="flex min-w-0 items-center gap-2" aria-label={`${restaurant.name}, tableau de bord`}>
            <MessageSquareHeart className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
            <span className="flex min-w-0 flex-col leading-tight">
              <span className="truncate font-semibold text-stone-900" data-testid="owner-restaurant-name">
                {restaurant.name}
              </span>
              <span className="text-xs text-stone-500" data-testid="owner-role">
                {capitalizeRole(restaurant.role)}
              </span>
            </span>
          </NavLink>
          <div className="ml-auto flex items-center gap-3 md:order-last">
            <Button variant="outline" size="sm" onClick={signOut} disabled={signingOut}>
              <LogOut aria-hidden="true" />
              <span>Se déconnecter</span>
            </Button>
          </div>
          <nav aria-label="Espace restaurant" className="-mx-1 flex w-full gap-1 overflow-x-auto pb-1 md:w-auto md:pb-0">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={headerNavLinkClass}
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <h1 className="sr-only">{title}</h1>
        {children}
      </main>
    </div>
  );
}
