import { KeyRound, Store } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { RETURN_PATH_PARAM, withReturnPath } from '../../../../shared/rules/return-path';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { AuthShell } from '../../../features/accounts/components/auth-shell';
import { withLang } from '../../../features/accounts/lang-links';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';

/** Where a user lands after signing out, and where the unauthenticated are sent: the sign-in choices. */
export default function AuthPage() {
  const [params] = useSearchParams();
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  // A signed-out visitor sent here from an admin page goes back to it after signing in.
  const loginHref = withReturnPath(withLang(paths.login.href(), locale), params.get(RETURN_PATH_PARAM));
  return (
    <AuthShell title={m.accounts_auth_title()} description={m.accounts_auth_description()}>
      <div className="flex flex-col gap-3">
        <Button asChild size="lg">
          <Link to={loginHref}>
            <KeyRound aria-hidden="true" /> {m.accounts_sign_in()}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={withLang(paths.signup.href(), locale)}>
            <Store aria-hidden="true" /> {m.accounts_create_restaurant_space()}
          </Link>
        </Button>
        <Button asChild variant="link">
          <Link to={locale === 'en' ? paths.homeEn.href() : paths.home.href()}>{m.accounts_back_home()}</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
