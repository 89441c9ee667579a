import { AlertTriangle } from 'lucide-react';

/** The mail settings of this instance that hurt delivery (default sender, no DKIM), for the platform team. */
export function MailWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section
      aria-labelledby="mail-warnings-title"
      data-testid="mail-warnings"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="mail-warnings-title" className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
        Réglages d’envoi des emails à corriger
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}
