import { useState, type FormEvent } from 'react';
import { formatCount } from '../../shared/format';
import type { TLinkEmailResponse } from '../../shared/schemas/diner';
import { loadDinerSchemas } from './load-once';
import { DinerApiError, postJson } from './api';
import { Checkbox, Notice, PRIMARY_BUTTON, TextField } from './fields';
import { B1, bold, loadMessageWords, useI18n } from './i18n';

/** For an anonymous diner with points: ties them to an email so they are not lost with the phone. */
export function LinkEmailBox({
  restaurantId,
  restaurantName,
  balance,
  heading,
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
  const { locale, m, t } = useI18n();
  const points = m.points({ count: balance, points: formatCount(balance, locale) });

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const body = { restaurantId, email, marketingConsent: consent, lang: locale };
    setSending(true);
    // Without the schemas (their download failed), the server checks the address alone.
    const schemas = await loadDinerSchemas().catch(() => null);
    const parsed = schemas ? schemas.ZLinkEmailRequest.safeParse(body) : null;
    if (parsed && !parsed.success) {
      await loadMessageWords();
      setSending(false);
      setError(parsed.error.issues[0].message);
      document.getElementById('link-email')?.focus();
      return;
    }
    try {
      await postJson<TLinkEmailResponse>('/link-email', body);
      setSentTo(parsed ? parsed.data.email : email.trim().toLowerCase());
    } catch (caught) {
      await loadMessageWords();
      setFailure(caught instanceof DinerApiError ? caught.message : m.generic_error());
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={sentTo ? '' : 'rounded-2xl border border-stone-200 bg-white p-4'}>
      <div aria-live="polite">
        {sentTo ? (
          <Notice tone="success" title={m.link_confirmation_sent()}>
            {bold(m.link_sent_body({ email: B1, points }), sentTo)}
          </Notice>
        ) : null}
      </div>
      {sentTo ? null : (
        <form onSubmit={handleSubmit} noValidate className="space-y-4">
          <div>
            <h3 className="text-base font-semibold text-stone-900">{heading ?? m.keep_points({ count: balance, points })}</h3>
            <p className="mt-1 text-sm text-stone-600">{m.link_intro()}</p>
          </div>
          <TextField
            id="link-email"
            label={m.email()}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={255}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
            error={error && t(error)}
          />
          <Checkbox id="link-consent" checked={consent} onChange={setConsent}>
            {m.consent({ name: restaurantName })}
          </Checkbox>
          <div aria-live="assertive">{failure ? <Notice tone="error" title={m.link_failed()}>{t(failure)}</Notice> : null}</div>
          <button type="submit" className={PRIMARY_BUTTON} disabled={sending}>
            {sending ? m.sending() : m.collect_points()}
          </button>
        </form>
      )}
    </div>
  );
}
