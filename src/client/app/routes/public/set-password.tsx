import { TokenPasswordPage } from '../../../features/accounts/components/token-password-page';

/** Choosing a password from a one-time link: a new administrator's first password (`npm run admin:create`). */
export default function SetPasswordPage() {
  return (
    <TokenPasswordPage
      title="Définir votre mot de passe"
      description="Choisissez le mot de passe de votre compte ReFeed."
      submitLabel="Définir le mot de passe"
      invalidMessage="Session invalide"
      successMessage="Mot de passe défini !"
      signOutAfter={false}
    />
  );
}
