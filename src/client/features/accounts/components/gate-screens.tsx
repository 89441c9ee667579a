import { Ban, LogOut, MailWarning, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { richText } from '../../../components/rich-text';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { useResendVerification } from '../api/resend-verification';
import { useSignOut } from './use-sign-out';
import { toastError } from '../../../lib/toast';

function GateScreen({ icon, title, children, tone }: { icon: ReactNode; title: string; children: ReactNode; tone: 'warning' | 'danger' }) {
  const { signOut, pending } = useSignOut();
  const m = useOwnerMessages();
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-5 px-5 py-10 text-center">
      <div className={tone === 'danger' ? 'rounded-full bg-red-100 p-4 text-red-700' : 'rounded-full bg-amber-100 p-4 text-amber-700'}>{icon}</div>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div className="flex w-full flex-col gap-4 text-stone-700">{children}</div>
      <Button variant="ghost" onClick={signOut} disabled={pending}>
        <LogOut aria-hidden="true" /> {m.shell_sign_out()}
      </Button>
    </main>
  );
}

function ReasonBox({ label, reason }: { label: string; reason: string | null }) {
  const m = useOwnerMessages();
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4 text-left">
      <p className="text-sm font-medium text-stone-500">{label}</p>
      <p className="mt-1 whitespace-pre-line text-stone-900">{reason ?? m.accounts_no_reason()}</p>
    </div>
  );
}

const supportLink = (supportEmail: string) => (
  <a className="font-medium text-brand-700 underline underline-offset-4" href={`mailto:${supportEmail}`}>
    {supportEmail}
  </a>
);

/** The restaurant's email is not confirmed yet: offer to send the link again. */
export function EmailNotVerifiedScreen({ email }: { email: string }) {
  const resend = useResendVerification();
  const m = useOwnerMessages();
  function onResend() {
    resend.mutate(undefined, {
      onSuccess: () => toast.success(m.accounts_email_sent(), { description: m.accounts_email_sent_detail({ email }) }),
      onError: (error) => toastError(m.shell_error(), error),
    });
  }
  return (
    <GateScreen icon={<MailWarning className="size-8" aria-hidden="true" />} title={m.accounts_email_not_verified()} tone="warning">
      <p>{richText(m.accounts_email_not_verified_text({ email: '{email}' }), { email: <strong className="[overflow-wrap:anywhere]">{email}</strong> })}</p>
      <Button onClick={onResend} disabled={resend.isPending} className="self-center">
        {resend.isPending ? m.accounts_resending() : m.accounts_resend()}
      </Button>
    </GateScreen>
  );
}

/** The team refused the restaurant: show why. */
export function RejectedScreen({ reason, supportEmail }: { reason: string | null; supportEmail: string }) {
  const m = useOwnerMessages();
  return (
    <GateScreen icon={<Ban className="size-8" aria-hidden="true" />} title={m.accounts_rejected_title()} tone="danger">
      <p>{m.accounts_rejected_text()}</p>
      <ReasonBox label={m.accounts_rejected_reason()} reason={reason} />
      <p className="text-sm">{richText(m.accounts_question_write({ email: '{email}' }), { email: supportLink(supportEmail) })}</p>
    </GateScreen>
  );
}

/** The team suspended the restaurant: show why and how to reach support. */
export function SuspendedScreen({ reason, supportEmail }: { reason: string | null; supportEmail: string }) {
  const m = useOwnerMessages();
  return (
    <GateScreen icon={<ShieldAlert className="size-8" aria-hidden="true" />} title={m.accounts_suspended_title()} tone="danger">
      <p>{m.accounts_suspended_text()}</p>
      <ReasonBox label={m.accounts_suspended_reason()} reason={reason} />
      <p className="text-sm">{richText(m.accounts_suspended_contact({ email: '{email}' }), { email: supportLink(supportEmail) })}</p>
    </GateScreen>
  );
}
