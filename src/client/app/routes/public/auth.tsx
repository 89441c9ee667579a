import { KeyRound, Store } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { AuthShell } from '../../../features/accounts/components/auth-shell';

/** Where a user lands after signing out, and where the unauthenticated are sent: the sign-in choices. */
export default function AuthPage() {
  return (
    <AuthShell title="Accédez à votre espace" description="Vous êtes déconnecté. Choisissez comment continuer.">
      <div className="flex flex-col gap-3">
        <Button asChild size="lg">
          <Link to={paths.login.href()}>
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
