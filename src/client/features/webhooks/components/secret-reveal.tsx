import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toastErrorTitle } from '../../../lib/toast';

/** A signing secret shown this once, with a copy button. */
export function SecretReveal({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      toastErrorTitle('Copie impossible : sélectionnez le secret et copiez-le.');
    }
  }
  return (
    <div role="status" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="flex items-center gap-2 font-semibold text-amber-900">
        <KeyRound className="size-4" aria-hidden="true" />
        Secret de signature
      </p>
      <p className="text-sm text-amber-900">Copiez-le maintenant : il ne sera plus affiché. Il sert à vérifier que les événements viennent bien de ReFeed.</p>
      <code data-testid="webhook-secret" className="block break-all rounded-md border border-amber-200 bg-white px-3 py-2 font-mono text-sm select-all">
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copied ? 'Copié' : 'Copier le secret'}
        </Button>
        <Button type="button" onClick={onDone}>
          J’ai copié le secret
        </Button>
      </div>
    </div>
  );
}
