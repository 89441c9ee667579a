import { ShieldCheck } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSignOut } from '../../features/accounts/components/use-sign-out';
import { useAdminMe } from '../../features/admin/api/get-admin-me';
import { ApiError } from '../../lib/api-client';
import { PageLoading } from '../../components/ui/skeleton';
import { AppHeader } from './app-header';
import { setOwnerLocale } from '../../lib/owner-locale';
import { withReturnPath } from '../../../shared/rules/return-path';

const NAV = [
  { to: paths.admin.href(), label: 'Tableau de bord', short: 'Accueil', end: true },
  { to: paths.adminRestaurants.href(), label: 'Organisations', short: 'Organisations', end: false },
  { to: paths.adminBilling.href(), label: 'Facturation', short: 'Facturation', end: false },
  { to: paths.adminAdmins.href(), label: 'Administrateurs', short: 'Admins', end: false },
];

/** An admin page: its title in the tab, inside the admin layout route. */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Administration ReFeed`;
  }, [title]);
  return <>{children}</>;
}

/**
 * The layout route of every admin page: the admin gate (spec §2, §6) and the admin header. The backend
 * decides: signed out → /auth, anything else than a yes (403, network or server error) → /dashboard.
 */
export function AdminLayout() {
  const me = useAdminMe();
  const navigate = useNavigate();
  const location = useLocation();
  // The same sign-out as the owner pages: it also forgets the browser-session landing marks.
  const { signOut, pending: signingOut } = useSignOut();
  // The admin console stays French (decision 097): its shared parts (dialogs, pager) follow the tab's language.
  useEffect(() => setOwnerLocale('fr'), []);

  useEffect(() => {
    if (!me.error) return;
    const signedOut = me.error instanceof ApiError && me.error.status === 401;
    // Signed out: the page asked for (the validation queue's link of a notice) is opened again after sign-in.
    navigate(signedOut ? withReturnPath(paths.auth.href(), `${location.pathname}${location.search}${location.hash}`) : paths.dashboard.href(), { replace: true });
  }, [me.error, navigate, location.pathname, location.search, location.hash]);

  if (!me.data) return <PageLoading label="Vérification de l’accès administrateur…" />;

  return (
    <div className="min-h-dvh">
      <AppHeader
        brand={
          <NavLink to={paths.admin.href()} className="flex items-center gap-2 font-semibold text-brand-700">
            <ShieldCheck className="size-5" aria-hidden="true" />
            <span>
              ReFeed <span className="text-stone-500">Admin</span>
            </span>
          </NavLink>
        }
        aside={
          <span className="hidden max-w-56 truncate text-sm text-stone-600 sm:inline" title={me.data.user.email}>
            {me.data.user.email}
          </span>
        }
        nav={NAV}
        navLabel="Administration"
        onSignOut={signOut}
        signingOut={signingOut}
      />
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
