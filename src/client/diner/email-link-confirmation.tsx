import { useEffect, useState } from 'react';
import { formatCount } from '../../shared/format';
import type { TConfirmEmailLinkResponse } from '../../shared/schemas/diner';
import { DinerApiError, postJson } from './api';
import { Notice } from './fields';
import { B1, bold, loadMessageWords, useI18n } from './i18n';

/** One request per token, however often the effect runs (StrictMode, remounts): the token works once. */
const confirmations = new Map<string, Promise<TConfirmEmailLinkResponse>>();
function confirmOnce(token: string): Promise<TConfirmEmailLinkResponse> {
  let pending = confirmations.get(token);
  if (!pending) confirmations.set(token, (pending = postJson<TConfirmEmailLinkResponse>('/link-email/confirm', { token })));
  return pending;
}

type ConfirmState = { status: 'confirming' } | { status: 'done'; balance: number; restaurantName: string } | { status: 'failed'; message: string | null };

/**
 * Opened from the confirmation email (/f/{id}?link={token}): the link proves the diner controls the
 * address, so the device's points are linked now. The token works once; the address bar drops it.
 */
export function EmailLinkConfirmation({ token, restaurantId }: { token: string; restaurantId: string }) {
  const [state, setState] = useState<ConfirmState>({ status: 'confirming' });
  const { locale, m, t } = useI18n();

  useEffect(() => {
    let active = true;
    confirmOnce(token).then(
      (answer) => active && setState({ status: 'done', ...answer }),
      (error: unknown) => void loadMessageWords().then(() => active && setState({ status: 'failed', message: error instanceof DinerApiError ? error.message : null })),
    );
    // A reload must not try a used token again.
    window.history.replaceState(null, '', `/f/${encodeURIComponent(restaurantId)}`);
    return () => {
      active = false;
    };
  }, [token, restaurantId]);

  return (
    <div className="space-y-4" aria-live="polite">
      <h2 className="text-xl font-bold text-stone-900">{m.loyalty_points()}</h2>
      {state.status === 'confirming' ? (
        <p role="status" className="text-stone-600">
          {m.confirming()}
        </p>
      ) : state.status === 'done' ? (
        <Notice tone="success" title={m.points_added_title()}>
          {bold(m.confirmed_body({ points: B1 }), m.points({ count: state.balance, points: formatCount(state.balance, locale) }))}
        </Notice>
      ) : (
        <Notice tone="error" title={m.link_invalid()}>
          {state.message === null ? m.generic_error() : t(state.message) === m.link_invalid() ? m.link_used() : t(state.message)}
        </Notice>
      )}
    </div>
  );
}
