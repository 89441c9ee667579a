import { KeyRound, Store } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { RETURN_PATH_PARAM, withReturnPath } from '../../../../shared/rules/return-path';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { AuthShell } from '../../../features/accounts/components/auth-shell';

/** Where a user lands after signing out, and where the unauthenticated are sent: the sign-in choices. */
export default function AuthPage() {
  const [params] = useSearchParams();
  // A signed-out visitor sent here from an admin page goes back to it after signing in.
  const loginHref = withReturnPath(paths.login.href(), params.get(RETURN_PATH_PARAM));
  return (
    <AuthShell title="Accédez à votre espace" description="Vous êtes déconnecté. Choisissez comment continuer.">
      <div className="flex flex-col gap-3">
        <Button asChild size="lg">
          <Link to={loginHref}>
            <KeyRound aria-hidden="true" /> Se connecter
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.signup.href()}>
            <Store aria-hidden="true" /> Créer mon espace restaurant
          </Link>
        </Button>
        <Button asChild variant="link">
          <Link to={paths.home.href()}>Retour à l’accueil</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
