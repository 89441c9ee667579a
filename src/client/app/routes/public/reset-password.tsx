import { TokenPasswordPage } from '../../../features/accounts/components/token-password-page';

/** Reached from the emailed reset link. */
export default function ResetPasswordPage() {
  return (
    <TokenPasswordPage
      title="Nouveau mot de passe"
      description="Choisissez un nouveau mot de passe pour votre compte ReFeed."
      submitLabel="Réinitialiser le mot de passe"
      invalidMessage="Lien invalide ou expiré"
      successMessage="Mot de passe réinitialisé !"
      signOutAfter
    />
  );
}
