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
import { formatDateFr } from '../../../../shared/format';
import { formatRoleFr } from '../../../../shared/rules/roles';
import { withReturnPath } from '../../../../shared/rules/return-path';
import { ZInvitationSignupRequest, type TInvitationAccepted, type TInvitationPreview } from '../../../../shared/schemas/team';

/** What the invitation offers: organisation, inviter, role, venues, expiry. */
function InvitationSummary({ invitation }: { invitation: TInvitationPreview }) {
  return (
    <dl className="mb-5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 rounded-lg bg-stone-50 p-3 text-sm">
      <dt className="text-stone-500">Rôle</dt>
      <dd className="font-medium">{formatRoleFr(invitation.role)}</dd>
      <dt className="text-stone-500">Établissements</dt>
      <dd>{invitation.allVenues ? 'Tous les établissements' : invitation.venues.join(', ')}</dd>
      <dt className="text-stone-500">Email</dt>
      <dd className="break-all">{invitation.email}</dd>
      <dt className="text-stone-500">Valable jusqu’au</dt>
      <dd>{formatDateFr(invitation.expiresAt)}</dd>
    </dl>
  );
}

/** A new address: name and password, the email fixed (the invitation's). */
function SignUpForm({ token, invitation, onDone }: { token: string; invitation: TInvitationPreview; onDone: (accepted: TInvitationAccepted) => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const signUp = useSignUpWithInvitation();
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
      toastError('Inscription impossible', error);
    }
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label="Créer mon compte">
      <Field id="invitation-email" label="Email" hint="L’adresse de l’invitation : elle ne se modifie pas.">
        <Input id="invitation-email" type="email" value={invitation.email} readOnly aria-readonly="true" aria-describedby="invitation-email-hint" className="bg-stone-100 text-stone-700" />
      </Field>
      <Field id="invitation-name" label="Prénom et nom">
        <Input id="invitation-name" autoComplete="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </Field>
      <Field id="invitation-password" label="Mot de passe" hint="12 caractères au moins.">
        <PasswordInput id="invitation-password" autoComplete="new-password" maxLength={128} value={password} onChange={(event) => setPassword(event.target.value)} aria-describedby="invitation-password-hint" />
      </Field>
      <Button type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? 'Création du compte…' : 'Créer mon compte et rejoindre l’équipe'}
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

  async function landOn(accepted: TInvitationAccepted) {
    await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    navigate(accepted.landing, { replace: true });
  }

  async function acceptNow() {
    if (!token) return;
    try {
      await landOn(await accept.mutateAsync(token));
    } catch (error) {
      toastError('Invitation impossible', error);
    }
  }

  if (!token) {
    return (
      <AuthShell title="Invitation" description="Ce lien d’invitation n’est pas valable.">
        <InvalidFooter />
      </AuthShell>
    );
  }
  if (preview.isPending || me.isPending) return <PageLoading label="Lecture de l’invitation…" />;
  if (preview.isError) {
    return (
      <AuthShell title="Invitation" description={preview.error.message}>
        <InvalidFooter />
      </AuthShell>
    );
  }
  const invitation = preview.data;
  const signedIn = me.data ?? null;
  const here = paths.invitation.href(token);
  const title = `Rejoindre ${invitation.organisationName}`;
  const description = `${invitation.inviterName ?? 'Un membre de l’équipe'} vous invite à rejoindre l’équipe de ${invitation.organisationName} sur ReFeed.`;

  return (
    <AuthShell title={title} description={description}>
      <InvitationSummary invitation={invitation} />
      {signedIn && signedIn.user.email.toLowerCase() === invitation.email ? (
        <Button className="w-full" onClick={() => void acceptNow()} disabled={accept.isPending}>
          {accept.isPending ? 'Acceptation…' : 'Accepter l’invitation'}
        </Button>
      ) : signedIn ? (
        <div role="alert" className="flex flex-col gap-3 text-sm">
          <p>
            Cette invitation est destinée à <strong className="break-all">{invitation.email}</strong>. Vous êtes connecté·e avec{' '}
            <strong className="break-all">{signedIn.user.email}</strong> : déconnectez-vous, puis connectez-vous avec la bonne adresse.
          </p>
          <Button variant="outline" onClick={() => void signOut()} disabled={signingOut}>
            Se déconnecter
          </Button>
        </div>
      ) : invitation.hasAccount ? (
        <div className="flex flex-col gap-3 text-sm">
          <p>Un compte ReFeed existe déjà avec cette adresse : connectez-vous pour accepter l’invitation.</p>
          <Button asChild>
            <Link to={withReturnPath(paths.login.href(), here)}>Me connecter</Link>
          </Button>
        </div>
      ) : (
        <SignUpForm token={token} invitation={invitation} onDone={(accepted) => void landOn(accepted)} />
      )}
    </AuthShell>
  );
}

function InvalidFooter() {
  return (
    <p className="text-center text-sm text-stone-600">
      Demandez une nouvelle invitation à la personne qui vous a invité·e, ou{' '}
      <Link to={paths.login.href()} className="font-medium text-brand-700 underline-offset-4 hover:underline">
        connectez-vous
      </Link>
      .
    </p>
  );
}
