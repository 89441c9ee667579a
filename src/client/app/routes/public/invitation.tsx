import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/accounts/api/get-me';
import { accountKeys } from '../../../features/accounts/api/keys';
import { AuthShell, Field } from '../../../features/accounts/components/auth-shell';
import { PasswordInput } from '../../../features/accounts/components/password-input';
import { useSignOut } from '../../../features/accounts/components/use-sign-out';
import { useAcceptInvitation, useInvitationPreview, useSignUpWithInvitation } from '../../../features/team/api/invitation';
import { toastError, toastValidationError } from '../../../lib/toast';
import { formatDate } from '../../../../shared/format';
import { formatRole } from '../../../../shared/rules/roles';
import { richText } from '../../../components/rich-text';
import { withLang } from '../../../features/accounts/lang-links';
import { localized, useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { withReturnPath } from '../../../../shared/rules/return-path';
import { ZInvitationSignupRequest, type TInvitationAccepted, type TInvitationPreview } from '../../../../shared/schemas/team';

/** What the invitation offers: organisation, inviter, role, venues, expiry. */
function InvitationSummary({ invitation }: { invitation: TInvitationPreview }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  return (
    <dl className="mb-5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 rounded-lg bg-stone-50 p-3 text-sm">
      <dt className="text-stone-500">{m.accounts_role()}</dt>
      <dd className="font-medium">{formatRole(invitation.role, locale)}</dd>
      <dt className="text-stone-500">{m.accounts_venues()}</dt>
      <dd>{invitation.allVenues ? m.accounts_all_venues() : invitation.venues.join(', ')}</dd>
      <dt className="text-stone-500">{m.accounts_email()}</dt>
      <dd className="break-all">{invitation.email}</dd>
      <dt className="text-stone-500">{m.accounts_valid_until()}</dt>
      <dd>{formatDate(invitation.expiresAt, locale)}</dd>
    </dl>
  );
}

/** A new address: name and password, the email fixed (the invitation's). */
function SignUpForm({ token, invitation, onDone }: { token: string; invitation: TInvitationPreview; onDone: (accepted: TInvitationAccepted) => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const signUp = useSignUpWithInvitation();
  const m = useOwnerMessages();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZInvitationSignupRequest.safeParse({ token, name, password });
    if (!parsed.success) {
      toastValidationError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      onDone(await signUp.mutateAsync(parsed.data));
    } catch (error) {
      toastError(m.accounts_signup_failed(), error);
    }
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label={m.accounts_create_account()}>
      <Field id="invitation-email" label={m.accounts_email()} hint={m.accounts_invitation_email_hint()}>
        <Input id="invitation-email" type="email" value={invitation.email} readOnly aria-readonly="true" aria-describedby="invitation-email-hint" className="bg-stone-100 text-stone-700" />
      </Field>
      <Field id="invitation-name" label={m.accounts_full_name()}>
        <Input id="invitation-name" autoComplete="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </Field>
      <Field id="invitation-password" label={m.accounts_password()} hint={m.accounts_invitation_password_hint()}>
        <PasswordInput id="invitation-password" autoComplete="new-password" maxLength={128} value={password} onChange={(event) => setPassword(event.target.value)} aria-describedby="invitation-password-hint" />
      </Field>
      <Button type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? m.accounts_creating_account() : m.accounts_create_and_join()}
      </Button>
    </form>
  );
}

/**
 * /invitation?token=… (decision 053): what the invitation offers, then — signed in with the invited
 * address — accept; signed in with another one — which address it is for; signed out with an account —
 * sign in first (back here after); a new address — sign up here with the email fixed.
 */
export default function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const preview = useInvitationPreview(token);
  const me = useMe();
  const accept = useAcceptInvitation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signOut, pending: signingOut } = useSignOut();
  const m = useOwnerMessages();
  const locale = useOwnerLocale();

  async function landOn(accepted: TInvitationAccepted) {
    await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    navigate(accepted.landing, { replace: true });
  }

  async function acceptNow() {
    if (!token) return;
    try {
      await landOn(await accept.mutateAsync(token));
    } catch (error) {
      toastError(m.accounts_invitation_failed(), error);
    }
  }

  if (!token) {
    return (
      <AuthShell title={m.accounts_invitation()} description={m.accounts_invitation_invalid()}>
        <InvalidFooter />
      </AuthShell>
    );
  }
  if (preview.isPending || me.isPending) return <PageLoading label={m.accounts_invitation_reading()} />;
  if (preview.isError) {
    return (
      <AuthShell title={m.accounts_invitation()} description={localized(preview.error.message)}>
        <InvalidFooter />
      </AuthShell>
    );
  }
  const invitation = preview.data;
  const signedIn = me.data ?? null;
  const here = paths.invitation.href(token);
  const title = m.accounts_join({ organisation: invitation.organisationName });
  const description = m.accounts_invites_you({ inviter: invitation.inviterName ?? m.accounts_a_team_member(), organisation: invitation.organisationName });

  return (
    <AuthShell title={title} description={description}>
      <InvitationSummary invitation={invitation} />
      {signedIn && signedIn.user.email.toLowerCase() === invitation.email ? (
        <Button className="w-full" onClick={() => void acceptNow()} disabled={accept.isPending}>
          {accept.isPending ? m.accounts_accepting() : m.accounts_accept()}
        </Button>
      ) : signedIn ? (
        <div role="alert" className="flex flex-col gap-3 text-sm">
          <p>
            {richText(m.accounts_wrong_account({ invited: '{invited}', current: '{current}' }), {
              invited: <strong className="break-all">{invitation.email}</strong>,
              current: <strong className="break-all">{signedIn.user.email}</strong>,
            })}
          </p>
          <Button variant="outline" onClick={() => void signOut()} disabled={signingOut}>
            {m.shell_sign_out()}
          </Button>
        </div>
      ) : invitation.hasAccount ? (
        <div className="flex flex-col gap-3 text-sm">
          <p>{m.accounts_has_account()}</p>
          <Button asChild>
            <Link to={withReturnPath(withLang(paths.login.href(), locale), here)}>{m.accounts_sign_me_in()}</Link>
          </Button>
        </div>
      ) : (
        <SignUpForm token={token} invitation={invitation} onDone={(accepted) => void landOn(accepted)} />
      )}
    </AuthShell>
  );
}

function InvalidFooter() {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  return (
    <p className="text-center text-sm text-stone-600">
      {richText(m.accounts_invitation_ask_new({ link: '{link}' }), {
        link: (
          <Link to={withLang(paths.login.href(), locale)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {m.accounts_invitation_sign_in_link()}
          </Link>
        ),
      })}
    </p>
  );
}
