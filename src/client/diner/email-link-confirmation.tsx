import { useEffect, useState } from 'react';
import { DINER_MESSAGES } from '../../shared/schemas/diner-messages';
import type { TConfirmEmailLinkResponse } from '../../shared/schemas/diner';
import { DinerApiError, postJson } from './api';
import { Notice } from './fields';

/** One request per token, however often the effect runs (StrictMode, remounts): the token works once. */
const confirmations = new Map<string, Promise<TConfirmEmailLinkResponse>>();
function confirmOnce(token: string): Promise<TConfirmEmailLinkResponse> {
  let pending = confirmations.get(token);
  if (!pending) confirmations.set(token, (pending = postJson<TConfirmEmailLinkResponse>('/link-email/confirm', { token })));
  return pending;
}

type ConfirmState = { status: 'confirming' } | { status: 'done'; balance: number; restaurantName: string } | { status: 'failed'; message: string };

/**
 * Opened from the confirmation email (/f/{id}?link={token}): the link proves the diner controls the
 * address, so the device's points are linked now. The token works once; the address bar drops it.
 */
export function EmailLinkConfirmation({ token, restaurantId }: { token: string; restaurantId: string }) {
  const [state, setState] = useState<ConfirmState>({ status: 'confirming' });

  useEffect(() => {
    let active = true;
    confirmOnce(token).then(
      (answer) => active && setState({ status: 'done', ...answer }),
      (error: unknown) => active && setState({ status: 'failed', message: error instanceof DinerApiError ? error.message : DINER_MESSAGES.genericError }),
    );
    // A reload must not try a used token again.
    window.history.replaceState(null, '', `/f/${encodeURIComponent(restaurantId)}`);
    return () => {
      active = false;
    };
  }, [token, restaurantId]);

  return (
    <div className="space-y-4" aria-live="polite">
      <h2 className="text-xl font-bold text-stone-900">Vos points de fidélité</h2>
      {state.status === 'confirming' ? (
        <p role="status" className="text-stone-600">
          Confirmation de votre email…
        </p>
      ) : state.status === 'done' ? (
        <Notice tone="success" title="Vos points ont été ajoutés !">
          Votre email est confirmé : votre solde est de <strong>{state.balance} points</strong>. Indiquez cet email à votre prochaine visite pour les retrouver.
        </Notice>
      ) : (
        <Notice tone="error" title={DINER_MESSAGES.linkInvalid}>
          {state.message === DINER_MESSAGES.linkInvalid ? 'Le lien a peut-être déjà servi. Notez votre prochaine visite, puis redemandez un email.' : state.message}
        </Notice>
      )}
    </div>
  );
}
