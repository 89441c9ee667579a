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
import { ACCOUNT_REVIEW_PROMISE } from '../../../../shared/rules/account-review';
import type { OwnerMessages } from '../../../../shared/i18n/owner';
import { richText } from '../../../components/rich-text';
import { withLang } from '../../../features/accounts/lang-links';
import { setOwnerLocale, useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';

const STATUS_LABEL: Record<TRestaurantStatus, { label: (m: OwnerMessages) => string; variant: 'warning' | 'success' | 'danger' | 'neutral' }> = {
  pending: { label: (m) => m.accounts_status_pending(), variant: 'warning' },
  approved: { label: (m) => m.accounts_status_approved(), variant: 'success' },
  rejected: { label: (m) => m.accounts_status_rejected(), variant: 'danger' },
  suspended: { label: (m) => m.accounts_status_suspended(), variant: 'danger' },
};

function isPendingState(value: unknown): value is PendingNavigationState {
  return typeof value === 'object' && value !== null && 'justSignedUp' in value;
}


export default function PendingPage() {
  const me = useMe({ refetchOnWindowFocus: true });
  const navigate = useNavigate();
  const location = useLocation();
  const { signOut, pending: signingOut } = useSignOut();
  const justSignedUp = isPendingState(location.state) ? location.state.justSignedUp : null;
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  // The one validation promise (shared/rules/account-review.ts), as the sign-up page and the emails make it.
  const reviewText = m.accounts_review_text({ promise: ACCOUNT_REVIEW_PROMISE[locale] });
  // Signed in: the page speaks the account's language (users.lang), as the owner pages do.
  const userLang = me.data?.user.lang;
  useEffect(() => {
    if (userLang && !new URLSearchParams(location.search).has('lang')) setOwnerLocale(userLang);
  }, [userLang, location.search]);

  const anyApproved = me.data?.restaurants.some((r) => r.status === 'approved') ?? false;
  useEffect(() => {
    if (me.data === null && !justSignedUp) navigate(paths.auth.href(), { replace: true });
    if (anyApproved) navigate(paths.dashboard.href(), { replace: true });
  }, [me.data, justSignedUp, anyApproved, navigate]);

  if (me.isPending) return <PageLoading />;
  const login = withLang(paths.login.href(), locale);
  if (me.isError && !justSignedUp) return <AccountLoadError onRetry={() => void me.refetch()} />;

  // Just signed up: not signed in until the email is confirmed.
  if (!me.data && justSignedUp) {
    return (
      <AuthShell title={m.accounts_pending_title()} description={reviewText}>
        <div role="status" className="flex flex-col items-center gap-3 rounded-lg bg-brand-50 p-4 text-center">
          <MailCheck className="size-8 text-brand-700" aria-hidden="true" />
          <p className="font-semibold">{m.accounts_confirm_your_email()}</p>
          <p className="text-sm text-stone-700">
            {richText(m.accounts_pending_sent({ email: '{email}', restaurant: justSignedUp.restaurantName }), {
              email: <strong className="[overflow-wrap:anywhere]">{justSignedUp.email}</strong>,
            })}
          </p>
        </div>
        <Button asChild variant="outline" className="mt-5 w-full">
          <Link to={login}>{m.accounts_go_to_login()}</Link>
        </Button>
      </AuthShell>
    );
  }
  if (!me.data) return <PageLoading label={m.shell_redirecting()} />;

  return (
    <AuthShell title={m.accounts_pending_title()} description={reviewText}>
      <div className="flex flex-col gap-5">
        <p className="text-center text-sm text-stone-600">
          <Clock className="mr-1 inline size-4 align-[-2px]" aria-hidden="true" />
          {richText(m.accounts_signed_in_as({ email: '{email}' }), { email: <strong className="[overflow-wrap:anywhere]">{me.data.user.email}</strong> })}
        </p>
        {me.data.restaurants.length > 0 ? (
          <section aria-labelledby="pending-restaurants">
            <h2 id="pending-restaurants" className="mb-2 text-sm font-semibold text-stone-800">
              {m.accounts_your_restaurants()}
            </h2>
            <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
              {me.data.restaurants.map((restaurant) => (
                <li key={restaurant.id} className="flex items-center justify-between gap-3 px-4 py-3">
                  <span className="min-w-0 font-medium break-words">{restaurant.name}</span>
                  <Badge className="shrink-0" variant={STATUS_LABEL[restaurant.status].variant}>{STATUS_LABEL[restaurant.status].label(m)}</Badge>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <p className="text-center text-sm text-stone-700">
            {m.accounts_no_restaurant_yet()}{' '}
            <Link to={paths.onboarding.href()} className="font-medium text-brand-700 underline underline-offset-4">
              {m.accounts_create_restaurant()}
            </Link>
          </p>
        )}
        <Button variant="outline" onClick={signOut} disabled={signingOut}>
          <LogOut aria-hidden="true" /> {m.shell_sign_out()}
        </Button>
      </div>
    </AuthShell>
  );
}
