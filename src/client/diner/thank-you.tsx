import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DINER_MESSAGES, POSITIVE_RATING } from '../../shared/schemas/diner-messages';
import type { TLinkEmailResponse } from '../../shared/schemas/diner';
import { loadDinerSchemas } from './load-once';
import { paths } from '../../shared/paths';
import { DinerApiError, postJson } from './api';
import type { SubmittedFeedback } from './feedback-form';
import { Checkbox, Notice, PRIMARY_BUTTON, TextField } from './fields';
import { CheckCircleIcon, ExternalLinkIcon, GiftIcon } from './icons';

/**
 * After the submission: points, rewards, then the review link (4–5 stars) or the apology (3 or less).
 * When the restaurant offers the public review to everyone (`reviewPromptAllRatings`, Google's policy
 * against review gating), the link follows the apology too.
 */
export function ThankYou({
  page,
  submitted,
  restaurantId,
  restaurantName,
  reviewUrl,
  reviewPromptAllRatings = false,
}: {
  page: 'r' | 'f';
  submitted: SubmittedFeedback;
  restaurantId: string;
  restaurantName: string;
  reviewUrl: string | null;
  reviewPromptAllRatings?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const balance = submitted.result.balance;
  const { result, rating } = submitted;
  const positive = rating >= POSITIVE_RATING;

  // Screen readers and keyboards land on the confirmation.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="space-y-5" aria-labelledby="thanks-title">
      <div role="status" className="flex flex-col items-center gap-2 pt-2 text-center">
        <CheckCircleIcon className="size-14 text-emerald-600" />
        <h2 id="thanks-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-stone-900 focus:outline-none">
          {DINER_MESSAGES.feedbackThanks}
        </h2>
      </div>

      <div className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-center">
        <p className="text-3xl font-bold text-brand-700">+{result.pointsAdded} points</p>
        {result.earning === 'interval' ? (
          <p className="mt-1 text-sm text-stone-700" data-testid="earning-note">
            {DINER_MESSAGES.earningInterval}
          </p>
        ) : result.earning === 'daily_cap' ? (
          <p className="mt-1 text-sm text-stone-700" data-testid="earning-note">
            {DINER_MESSAGES.earningDailyCap}
          </p>
        ) : null}
        <p className="mt-1 text-stone-700">
          Votre solde : <strong>{balance} points</strong>
        </p>
        {result.unlockedRewards.length > 0 ? (
          <div className="mt-3 border-t border-brand-200 pt-3">
            <p className="font-semibold text-stone-900">Récompense débloquée 🎉</p>
            <ul className="mt-1 space-y-1">
              {result.unlockedRewards.map((reward) => (
                <li key={reward.name} className="flex items-center justify-center gap-2 text-stone-800">
                  <GiftIcon className="size-5 text-brand-700" />
                  {reward.name}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-sm text-stone-600">À réclamer lors de votre prochaine visite.</p>
          </div>
        ) : null}
        <a href={paths.dinerCard.href(restaurantId)} className="mt-3 inline-block font-semibold text-brand-800 underline">
          Voir ma carte
        </a>
      </div>

      {positive ? (
        reviewUrl ? (
          <div className="space-y-3 text-center">
            <p className="text-stone-700">Vous avez passé un bon moment ? Partagez-le : votre avis aide beaucoup {restaurantName}.</p>
            <a href={reviewUrl} target="_blank" rel="noopener noreferrer" className={PRIMARY_BUTTON}>
              Laisser un avis Google
              <ExternalLinkIcon className="size-5" />
            </a>
          </div>
        ) : null
      ) : page === 'r' ? (
        <p className="rounded-xl bg-stone-100 p-4 text-center text-stone-700">
          Nous sommes désolés que votre expérience n’ait pas été à la hauteur. Votre avis a été transmis à l’équipe de {restaurantName}, qui en tiendra compte.
        </p>
      ) : (
        <p className="rounded-xl bg-stone-100 p-4 text-center text-stone-700">Merci, vos remarques sont prises en compte. L’équipe de {restaurantName} va les lire avec attention.</p>
      )}

      {!positive && reviewPromptAllRatings && reviewUrl ? (
        <div className="space-y-3 text-center">
          <p className="text-stone-700">Vous pouvez aussi partager votre avis publiquement.</p>
          <a href={reviewUrl} target="_blank" rel="noopener noreferrer" className={PRIMARY_BUTTON}>
            Laisser un avis Google
            <ExternalLinkIcon className="size-5" />
          </a>
        </div>
      ) : null}

      {submitted.anonymous ? null : (
        <p className="rounded-xl bg-stone-100 p-4 text-center text-sm text-stone-700" data-testid="email-claim-note">
          {DINER_MESSAGES.emailClaimNote}
        </p>
      )}

      {submitted.anonymous && balance > 0 ? <LinkEmailBox restaurantId={restaurantId} restaurantName={restaurantName} balance={balance} /> : null}
    </section>
  );
}

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
