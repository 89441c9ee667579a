import { useState, type FormEvent } from 'react';
import { DINER_MESSAGES } from '../../shared/schemas/diner-messages';
import type { TLinkEmailResponse } from '../../shared/schemas/diner';
import { loadDinerSchemas } from './load-once';
import { DinerApiError, postJson } from './api';
import { Checkbox, Notice, PRIMARY_BUTTON, TextField } from './fields';

/** For an anonymous diner with points: ties them to an email so they are not lost with the phone. */
export function LinkEmailBox({
  restaurantId,
  restaurantName,
  balance,
  heading = `Gardez vos ${balance} points`,
}: {
  restaurantId: string;
  restaurantName: string;
  balance: number;
  /** The card (issue 27) says 'Gardez votre carte': its rewards count as much as its points. */
  heading?: string;
}) {
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  /** The address the confirmation link was sent to (nothing is linked before it is opened). */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const body = { restaurantId, email, marketingConsent: consent };
    setSending(true);
    // Without the schemas (their download failed), the server checks the address alone.
    const schemas = await loadDinerSchemas().catch(() => null);
    const parsed = schemas ? schemas.ZLinkEmailRequest.safeParse(body) : null;
    if (parsed && !parsed.success) {
      setSending(false);
      setError(parsed.error.issues[0].message);
      document.getElementById('link-email')?.focus();
      return;
    }
    try {
      await postJson<TLinkEmailResponse>('/link-email', body);
      setSentTo(parsed ? parsed.data.email : email.trim().toLowerCase());
    } catch (caught) {
      setFailure(caught instanceof DinerApiError ? caught.message : DINER_MESSAGES.genericError);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={sentTo ? '' : 'rounded-2xl border border-stone-200 bg-white p-4'}>
      <div aria-live="polite">
        {sentTo ? (
          <Notice tone="success" title={DINER_MESSAGES.linkConfirmationSent}>
            Nous avons écrit à <strong>{sentTo}</strong>. Ouvrez cet email et touchez « Confirmer et récupérer mes points » : vos {balance} points seront
            alors ajoutés à cette adresse. Le lien est valable 30 minutes.
          </Notice>
        ) : null}
      </div>
      {sentTo ? null : (
        <form onSubmit={handleSubmit} noValidate className="space-y-4">
          <div>
            <h3 className="text-base font-semibold text-stone-900">{heading}</h3>
            <p className="mt-1 text-sm text-stone-600">Indiquez votre email pour retrouver vos points à votre prochaine visite, même depuis un autre téléphone.</p>
          </div>
          <TextField
            id="link-email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={255}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
            error={error}
          />
          <Checkbox id="link-consent" checked={consent} onChange={setConsent}>
            J’accepte de recevoir par email les offres et actualités de {restaurantName}. Désinscription possible à tout moment.
          </Checkbox>
          <div aria-live="assertive">{failure ? <Notice tone="error" title={DINER_MESSAGES.linkFailed}>{failure}</Notice> : null}</div>
          <button type="submit" className={PRIMARY_BUTTON} disabled={sending}>
            {sending ? 'Envoi…' : 'Récupérer mes points'}
          </button>
        </form>
      )}
    </div>
  );
}
