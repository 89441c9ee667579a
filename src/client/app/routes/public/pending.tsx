import { Clock, LogOut, MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { TRestaurantStatus } from '../../../../shared/schemas/accounts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/accounts/api/get-me';
import { AccountLoadError, AuthShell } from '../../../features/accounts/components/auth-shell';
import { useSignOut } from '../../../features/accounts/components/use-sign-out';
import type { PendingNavigationState } from '../../../features/accounts/browser-session';

const STATUS_LABEL: Record<TRestaurantStatus, { label: string; variant: 'warning' | 'success' | 'danger' | 'neutral' }> = {
  pending: { label: 'En attente', variant: 'warning' },
  approved: { label: 'Validé', variant: 'success' },
  rejected: { label: 'Refusé', variant: 'danger' },
  suspended: { label: 'Suspendu', variant: 'danger' },
};

function isPendingState(value: unknown): value is PendingNavigationState {
  return typeof value === 'object' && value !== null && 'justSignedUp' in value;
}

const REVIEW_TEXT = 'Notre équipe vérifie vos informations. La validation prend généralement 24 à 48 heures ; vous recevrez un email dès que votre compte sera validé.';

export default function PendingPage() {
  const me = useMe({ refetchOnWindowFocus: true });
  const navigate = useNavigate();
  const location = useLocation();
  const { signOut, pending: signingOut } = useSignOut();
  const justSignedUp = isPendingState(location.state) ? location.state.justSignedUp : null;

  const anyApproved = me.data?.restaurants.some((r) => r.status === 'approved') ?? false;
  useEffect(() => {
    if (me.data === null && !justSignedUp) navigate(paths.auth.href(), { replace: true });
    if (anyApproved) navigate(paths.dashboard.href(), { replace: true });
  }, [me.data, justSignedUp, anyApproved, navigate]);

  if (me.isPending) return <PageLoading />;
  if (me.isError && !justSignedUp) return <AccountLoadError onRetry={() => void me.refetch()} />;

  // Just signed up: not signed in until the email is confirmed.
  if (!me.data && justSignedUp) {
    return (
      <AuthShell title="Compte en cours de validation" description={REVIEW_TEXT}>
        <div role="status" className="flex flex-col items-center gap-3 rounded-lg bg-brand-50 p-4 text-center">
          <MailCheck className="size-8 text-brand-700" aria-hidden="true" />
          <p className="font-semibold">Confirmez votre adresse email</p>
          <p className="text-sm text-stone-700">
            Nous avons envoyé un lien de confirmation à <strong className="[overflow-wrap:anywhere]">{justSignedUp.email}</strong> pour activer l’espace «&nbsp;{justSignedUp.restaurantName}&nbsp;».
          </p>
        </div>
        <Button asChild variant="outline" className="mt-5 w-full">
          <Link to={paths.login.href()}>Aller à la connexion</Link>
        </Button>
      </AuthShell>
    );
  }
  if (!me.data) return <PageLoading label="Redirection…" />;

  return (
    <AuthShell title="Compte en cours de validation" description={REVIEW_TEXT}>
      <div className="flex flex-col gap-5">
        <p className="text-center text-sm text-stone-600">
          <Clock className="mr-1 inline size-4 align-[-2px]" aria-hidden="true" />
          Connecté en tant que <strong className="[overflow-wrap:anywhere]">{me.data.user.email}</strong>
        </p>
        {me.data.restaurants.length > 0 ? (
          <section aria-labelledby="pending-restaurants">
            <h2 id="pending-restaurants" className="mb-2 text-sm font-semibold text-stone-800">
              Vos restaurants
            </h2>
            <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
              {me.data.restaurants.map((restaurant) => (
                <li key={restaurant.id} className="flex items-center justify-between gap-3 px-4 py-3">
                  <span className="min-w-0 font-medium break-words">{restaurant.name}</span>
                  <Badge className="shrink-0" variant={STATUS_LABEL[restaurant.status].variant}>{STATUS_LABEL[restaurant.status].label}</Badge>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <p className="text-center text-sm text-stone-700">
            Aucun restaurant n’est encore associé à votre compte.{' '}
            <Link to={paths.onboarding.href()} className="font-medium text-brand-700 underline underline-offset-4">
              Créer mon restaurant
            </Link>
          </p>
        )}
        <Button variant="outline" onClick={signOut} disabled={signingOut}>
          <LogOut aria-hidden="true" /> Se déconnecter
        </Button>
      </div>
    </AuthShell>
  );
}
