import { TokenPasswordPage } from '../../../features/accounts/components/token-password-page';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** Choosing a password from a one-time link: a new administrator's first password (`npm run admin:create`). */
export default function SetPasswordPage() {
  const m = useOwnerMessages();
  return (
    <TokenPasswordPage
      title={m.accounts_set_title()}
      description={m.accounts_set_description()}
      submitLabel={m.accounts_set_submit()}
      invalidMessage={m.accounts_set_invalid()}
      successMessage={m.accounts_set_done()}
      signOutAfter={false}
    />
  );
}
