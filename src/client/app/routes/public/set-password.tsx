import { useSearchParams } from 'react-router';
import { TokenPasswordPage } from '../../../features/accounts/components/token-password-page';

/**
 * Choosing a password from a one-time link: a new administrator's first password (`npm run
 * admin:create`), or the end of an email confirmation (?confirmed=1), where the mailbox owner sets the
 * account's password themselves (docs/decisions/004-account-pre-registration.md).
 */
export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const confirmed = params.get('confirmed') === '1';
  return (
    <TokenPasswordPage
      title={confirmed ? 'Email confirmé : choisissez votre mot de passe' : 'Définir votre mot de passe'}
      description={
        confirmed
          ? 'Votre adresse est confirmée. Pour protéger votre compte, choisissez maintenant le mot de passe que vous utiliserez pour vous connecter.'
          : 'Choisissez le mot de passe de votre compte ReFeed.'
      }
      submitLabel="Définir le mot de passe"
      invalidMessage="Session invalide"
      successMessage="Mot de passe défini !"
      signOutAfter={false}
    />
  );
}
