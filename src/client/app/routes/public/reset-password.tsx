import { TokenPasswordPage } from '../../../features/accounts/components/token-password-page';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** Reached from the emailed reset link. */
export default function ResetPasswordPage() {
  const m = useOwnerMessages();
  return (
    <TokenPasswordPage
      title={m.accounts_reset_title()}
      description={m.accounts_reset_description()}
      submitLabel={m.accounts_reset_submit()}
      invalidMessage={m.accounts_link_invalid()}
      successMessage={m.accounts_reset_done()}
      signOutAfter
    />
  );
}
