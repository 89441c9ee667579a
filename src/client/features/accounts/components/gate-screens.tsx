import { Ban, LogOut, MailWarning, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useResendVerification } from '../api/resend-verification';
import { useSignOut } from './use-sign-out';
import { toastError } from '../../../lib/toast';

function GateScreen({ icon, title, children, tone }: { icon: ReactNode; title: string; children: ReactNode; tone: 'warning' | 'danger' }) {
  const { signOut, pending } = useSignOut();
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-5 px-5 py-10 text-center">
      <div className={tone === 'danger' ? 'rounded-full bg-red-100 p-4 text-red-700' : 'rounded-full bg-amber-100 p-4 text-amber-700'}>{icon}</div>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div className="flex w-full flex-col gap-4 text-stone-700">{children}</div>
      <Button variant="ghost" onClick={signOut} disabled={pending}>
        <LogOut aria-hidden="true" /> Se déconnecter
      </Button>
    </main>
  );
}

function ReasonBox({ label, reason }: { label: string; reason: string | null }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4 text-left">
      <p className="text-sm font-medium text-stone-500">{label}</p>
      <p className="mt-1 whitespace-pre-line text-stone-900">{reason ?? 'Aucun motif précisé.'}</p>
    </div>
  );
}

/** The restaurant's email is not confirmed yet: offer to send the link again. */
export function EmailNotVerifiedScreen({ email }: { email: string }) {
  const resend = useResendVerification();
  function onResend() {
    resend.mutate(undefined, {
      onSuccess: () => toast.success('Email envoyé', { description: `Un nouveau lien de confirmation a été envoyé à ${email}.` }),
      onError: (error) => toastError('Erreur', error),
    });
  }
  return (
    <GateScreen icon={<MailWarning className="size-8" aria-hidden="true" />} title="Email non vérifié" tone="warning">
      <p>
        Confirmez votre adresse <strong className="[overflow-wrap:anywhere]">{email}</strong> grâce au lien que nous vous avons envoyé pour accéder à votre espace.
      </p>
      <Button onClick={onResend} disabled={resend.isPending} className="self-center">
        {resend.isPending ? 'Envoi en cours…' : 'Renvoyer l’email de confirmation'}
      </Button>
    </GateScreen>
  );
}

/** The team refused the restaurant: show why. */
export function RejectedScreen({ reason, supportEmail }: { reason: string | null; supportEmail: string }) {
  return (
    <GateScreen icon={<Ban className="size-8" aria-hidden="true" />} title="Demande refusée" tone="danger">
      <p>Votre demande d’ouverture de compte n’a pas été acceptée.</p>
      <ReasonBox label="Motif du refus" reason={reason} />
      <p className="text-sm">
        Une question ? Écrivez-nous à{' '}
        <a className="font-medium text-brand-700 underline underline-offset-4" href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
        .
      </p>
    </GateScreen>
  );
}

/** The team suspended the restaurant: show why and how to reach support. */
export function SuspendedScreen({ reason, supportEmail }: { reason: string | null; supportEmail: string }) {
  return (
    <GateScreen icon={<ShieldAlert className="size-8" aria-hidden="true" />} title="Compte suspendu" tone="danger">
      <p>L’accès à votre espace est suspendu.</p>
      <ReasonBox label="Motif de la suspension" reason={reason} />
      <p className="text-sm">
        Pour le réactiver, contactez le support :{' '}
        <a className="font-medium text-brand-700 underline underline-offset-4" href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
      </p>
    </GateScreen>
  );
}
