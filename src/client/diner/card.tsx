import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { dinerPaths as paths } from '../../shared/diner-paths';
import type { TCard, TRewardCode, TRewardState } from '../../shared/schemas/card-messages';
import { formatCount, formatDate } from '../../shared/format';
import { DinerApiError, getJson, postJson } from './api';
import { RestaurantHeader, Shell } from './restaurant-header';
import { Checkbox, Notice, PRIMARY_BUTTON, TextField } from './fields';
import { CheckCircleIcon, GiftIcon } from './icons';
import { loadDinerSchemas } from './load-once';
import { LanguageSwitch, loadMessageWords, useI18n, type I18n } from './i18n';

/**
 * 'Ma carte' (/f/{id}/carte, issue 27): this device's card at this restaurant — balance, progress to the
 * next reward, the rewards to collect ('Présenter au comptoir'), the catalogue — read by the device's
 * cookie only. A lazily loaded chunk: the feedback page's first download does not carry it.
 */

const SECONDARY_BUTTON =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl border border-stone-300 bg-white px-5 text-base font-semibold text-stone-900 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-500';

/** « 120 points » in the page's language. */
const pointsOf = ({ locale, m }: I18n, count: number) => m.points({ count, points: formatCount(count, locale) });

/** A failed call's message (French, from the server), or null for the generic one: shown through `t`. */
const messageOf = (error: unknown) => (error instanceof DinerApiError ? error.message : null);

type CardState = { status: 'loading' } | { status: 'ready'; card: TCard } | { status: 'error'; message: string | null; notFound: boolean };

function fetchCard(restaurantId: string) {
  return getJson<TCard>(`/card/${encodeURIComponent(restaurantId)}`);
}

/** One request per token (StrictMode runs effects twice): the link of 'Retrouver ma carte' works once. */
const confirmations = new Map<string, Promise<unknown>>();
function confirmLinkOnce(token: string): Promise<unknown> {
  let pending = confirmations.get(token);
  if (!pending) confirmations.set(token, (pending = postJson('/link-email/confirm', { token })));
  return pending;
}

/**
 * `link`: the token of a 'Retrouver ma carte' email, opened on this phone: confirmed first (the card then
 * belongs to this device), dropped from the address bar, then the card is read.
 */
export function CardPage({ restaurantId, link = null }: { restaurantId: string; link?: string | null }) {
  const [state, setState] = useState<CardState>({ status: 'loading' });
  const i18n = useI18n();
  const { m, t } = i18n;
  const [linkFailure, setLinkFailure] = useState<string | null>(null);
  const [linked, setLinked] = useState(false);
  const [presenting, setPresenting] = useState<{ id: string; label: string } | null>(null);
  // « Utiliser une autre adresse » under a pending confirmation: the box again, for a mistyped address.
  const [otherAddress, setOtherAddress] = useState(false);

  // Bumped to read the card again (a retry, a closed code screen).
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((n) => n + 1), []);

  useEffect(() => {
    let active = true;
    const confirming = link
      ? confirmLinkOnce(link).then(
          () => active && setLinked(true),
          (error: unknown) => void loadMessageWords().then(() => active && setLinkFailure(messageOf(error) ?? m.generic_error())),
        )
      : Promise.resolve();
    if (link) window.history.replaceState(null, '', paths.dinerCard.href(restaurantId));
    confirming
      .then(() => fetchCard(restaurantId))
      .then(
        (card) => active && setState({ status: 'ready', card }),
        (error: unknown) =>
          void loadMessageWords().then(
            () =>
              active &&
              setState({
                status: 'error',
                notFound: error instanceof DinerApiError && error.status === 404,
                message: messageOf(error),
              }),
          ),
      );
    return () => {
      active = false;
    };
    // m only words a failure: the card is not read again for a new language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restaurantId, version, link]);

  const restaurantName = state.status === 'ready' ? state.card.restaurant.name : null;
  useEffect(() => {
    if (restaurantName) document.title = m.title_card({ name: restaurantName });
  }, [restaurantName, m]);

  if (state.status === 'error') {
    const message = state.message ? t(state.message) : m.generic_error();
    return (
      <Shell>
        <div className="flex justify-end">
          <LanguageSwitch />
        </div>
        <div className="flex flex-col items-center gap-3 py-16 text-center">
          <h1 className="text-2xl font-bold text-stone-900">{state.notFound ? message : m.generic_error()}</h1>
          {state.notFound ? null : (
            <>
              <p role="alert" className="text-stone-600">
                {message}
              </p>
              <button
                type="button"
                className={`${SECONDARY_BUTTON} mt-2 w-auto`}
                onClick={() => {
                  setState({ status: 'loading' });
                  reload();
                }}
              >
                {m.retry()}
              </button>
            </>
          )}
        </div>
      </Shell>
    );
  }

  const card = state.status === 'ready' ? state.card : null;
  return (
    <Shell>
      <RestaurantHeader page={card} tagline={m.my_loyalty_card()} />
      <div aria-live="polite" className="mt-4 empty:hidden">
        {linked ? <Notice tone="success" title={m.card_linked_title()}>{m.card_linked_body()}</Notice> : null}
        {linkFailure ? <Notice tone="error" title={m.link_invalid()}>{t(linkFailure) === m.link_invalid() ? m.card_link_used() : t(linkFailure)}</Notice> : null}
      </div>
      {card ? (
        <div className="mt-6 space-y-5">
          <Balance card={card} />
          <PendingRewards card={card} onPresent={setPresenting} />
          {card.hasEmail ? null : card.pendingConfirmation && !otherAddress ? (
            <PendingConfirmation restaurantId={restaurantId} onOtherAddress={() => setOtherAddress(true)} />
          ) : (
            <CardEmailBox
              restaurantId={restaurantId}
              card={card}
              onLinkSent={() => {
                setOtherAddress(false);
                reload();
              }}
            />
          )}
          <Catalogue card={card} />
          <HandedOver card={card} />
          <nav aria-label={m.card_links()} className="flex flex-wrap justify-center gap-x-5 gap-y-2 pt-2 text-sm">
            <a href={paths.dinerFeedback.href(restaurantId)} className="font-medium text-brand-800 underline">
              {m.give_review()}
            </a>
            <a href={paths.dinerData.href(restaurantId)} className="font-medium text-brand-800 underline">
              {m.my_data()}
            </a>
            <a href={paths.privacy.href()} className="text-stone-600 underline">
              {m.privacy_policy()}
            </a>
          </nav>
        </div>
      ) : (
        <p role="status" className="mt-6 text-stone-600">
          {m.loading_card()}
        </p>
      )}
      {presenting && card ? (
        <PresentOverlay
          restaurantId={restaurantId}
          restaurantName={card.restaurant.name}
          reward={presenting}
          onClose={() => {
            setPresenting(null);
            reload();
          }}
        />
      ) : null}
    </Shell>
  );
}

function Balance({ card }: { card: TCard }) {
  const i18n = useI18n();
  const { m, locale } = i18n;
  const next = card.next;
  const progress = next ? Math.round(((next.cost - next.missing) / next.cost) * 100) : 100;
  return (
    <section aria-labelledby="balance-title" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="balance-title" className="text-sm font-medium text-stone-600">
        {card.firstName ? m.hello_balance({ firstName: card.firstName }) : m.balance_title()}
      </h2>
      <p className="mt-1 text-4xl font-bold text-brand-800" data-testid="card-balance">
        {pointsOf(i18n, card.balance)}
      </p>
      {card.setAside > 0 ? (
        <p className="mt-1 text-sm text-stone-600" data-testid="card-set-aside">
          {m.set_aside({ points: pointsOf(i18n, card.setAside) })}
        </p>
      ) : null}
      {next ? (
        <div className="mt-4">
          <div
            role="progressbar"
            aria-label={m.progress_to({ label: next.label })}
            aria-valuemin={0}
            aria-valuemax={next.cost}
            aria-valuenow={next.cost - next.missing}
            className="h-3 overflow-hidden rounded-full bg-stone-200"
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-2 text-stone-800">{m.progress_line({ count: next.missing, missing: formatCount(next.missing, locale), label: next.label })}</p>
        </div>
      ) : card.catalogue.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{m.no_rewards_yet()}</p>
      ) : null}
      {card.known ? null : <p className="mt-3 text-sm text-stone-600">{m.first_points()}</p>}
    </section>
  );
}

function PendingRewards({ card, onPresent }: { card: TCard; onPresent: (reward: { id: string; label: string }) => void }) {
  const { m, locale } = useI18n();
  if (card.pending.length === 0) return null;
  return (
    <section aria-labelledby="pending-title" className="rounded-3xl border border-brand-200 bg-brand-50 p-5">
      <h2 id="pending-title" className="text-lg font-bold text-stone-900">
        {m.pending_title()}
      </h2>
      <ul className="mt-3 space-y-3">
        {card.pending.map((reward) => (
          <li key={reward.id} className="rounded-2xl bg-white p-4 ring-1 ring-brand-200">
            <p className="flex items-center gap-2 font-semibold text-stone-900">
              <GiftIcon className="size-5 shrink-0 text-brand-700" />
              {reward.label}
            </p>
            <p className="mt-0.5 text-sm text-stone-600">{m.unlocked_on({ date: formatDate(reward.createdAt, locale) })}</p>
            <button type="button" className={`${PRIMARY_BUTTON} mt-3`} onClick={() => onPresent({ id: reward.id, label: reward.label })}>
              {m.present()}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Catalogue({ card }: { card: TCard }) {
  const i18n = useI18n();
  if (card.catalogue.length === 0) return null;
  return (
    <section aria-labelledby="catalogue-title" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="catalogue-title" className="text-lg font-bold text-stone-900">
        {i18n.m.catalogue_title()}
      </h2>
      <ul className="mt-2 divide-y divide-stone-100">
        {card.catalogue.map((reward) => (
          <li key={reward.id} className="flex items-baseline justify-between gap-3 py-2.5">
            <span className="min-w-0 text-stone-900">
              {reward.label}
              {reward.description ? <span className="block text-sm text-stone-600">{reward.description}</span> : null}
            </span>
            <span className="shrink-0 text-sm font-semibold text-brand-800">{pointsOf(i18n, reward.cost)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HandedOver({ card }: { card: TCard }) {
  const { m, locale } = useI18n();
  if (card.handedOver.length === 0) return null;
  return (
    <section aria-labelledby="handed-title" className="px-1">
      <h2 id="handed-title" className="text-sm font-semibold text-stone-700">
        {m.handed_title()}
      </h2>
      <ul className="mt-1 space-y-1 text-sm text-stone-600" data-testid="handed-over">
        {card.handedOver.map((reward) => (
          <li key={reward.id}>
            {m.handed_on({ label: reward.label, date: formatDate(reward.redeemedAt, locale) })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The card's one email box (issue 48): it keeps the card or finds it. A phone holding points or a
 * reward asks link-email (the confirmation link keeps the card under the address, and merges it into a
 * card already kept there); an empty phone asks 'Retrouver ma carte' (a link only when a card exists
 * under that address). Either way one box, one address, one link.
 */
function CardEmailBox({ restaurantId, card, onLinkSent }: { restaurantId: string; card: TCard; onLinkSent: () => void }) {
  const keeps = card.known && (card.balance > 0 || card.pending.length > 0);
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const { locale, m, t } = useI18n();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    setSending(true);
    const body = keeps ? { restaurantId, email, marketingConsent: consent, lang: locale } : { restaurantId, email, lang: locale };
    // Without the schemas (their download failed), the server checks the address alone.
    const schemas = await loadDinerSchemas().catch(() => null);
    const parsed = schemas ? (keeps ? schemas.ZLinkEmailRequest : schemas.ZRecoverCardRequest).safeParse(body) : null;
    if (parsed && !parsed.success) {
      await loadMessageWords();
      setSending(false);
      setError(parsed.error.issues[0].message);
      document.getElementById('card-email')?.focus();
      return;
    }
    try {
      await postJson(keeps ? '/link-email' : '/card/recover', parsed ? parsed.data : body);
      // Kept: the card now waits for the confirmation (« Confirmez votre email — renvoyer le lien »).
      if (keeps) onLinkSent();
      else setSent(true);
    } catch (caught) {
      await loadMessageWords();
      setFailure(messageOf(caught) ?? m.generic_error());
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="card-email-title" data-testid="card-email-box" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="card-email-title" className="text-lg font-bold text-stone-900">
        {m.email_box_title()}
      </h2>
      <div aria-live="polite">{sent ? <Notice tone="success" title={m.recover_sent()}>{m.recover_hint()}</Notice> : null}</div>
      {sent ? null : (
        <form onSubmit={handleSubmit} noValidate className="mt-2 space-y-4">
          <p className="text-sm text-stone-600">
            {keeps ? m.keep_card_intro() : m.find_card_intro()}
          </p>
          <TextField
            id="card-email"
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
          {keeps ? (
            <Checkbox id="card-consent" checked={consent} onChange={setConsent}>
              {m.consent({ name: card.restaurant.name })}
            </Checkbox>
          ) : null}
          <div aria-live="assertive">{failure ? <Notice tone="error" title={m.generic_error()}>{t(failure)}</Notice> : null}</div>
          <button type="submit" className={SECONDARY_BUTTON} disabled={sending}>
            {sending ? m.sending() : m.get_link()}
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * An address typed on this phone waits for its confirmation (the form's or the box's, 30 minutes): no
 * second box asking for it, a resend of the link to that same address (link-email's limits).
 */
function PendingConfirmation({ restaurantId, onOtherAddress }: { restaurantId: string; onOtherAddress: () => void }) {
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' } | { status: 'error'; message: string }>({ status: 'idle' });
  const { m, t } = useI18n();

  async function resend() {
    if (state.status === 'sending') return;
    setState({ status: 'sending' });
    try {
      await postJson(`/card/${encodeURIComponent(restaurantId)}/confirmation`, {});
      setState({ status: 'sent' });
    } catch (caught) {
      await loadMessageWords();
      setState({ status: 'error', message: messageOf(caught) ?? m.generic_error() });
    }
  }

  return (
    <section aria-labelledby="pending-confirmation-title" data-testid="card-pending-confirmation" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="pending-confirmation-title" className="text-lg font-bold text-stone-900">
        {m.confirm_pending()} —{' '}
        <button type="button" className="font-bold text-brand-800 underline disabled:text-stone-500" onClick={() => void resend()} disabled={state.status === 'sending'}>
          {m.resend_link()}
        </button>
      </h2>
      <p className="mt-1 text-sm text-stone-600">{m.pending_body()}</p>
      <div aria-live="polite" className="empty:hidden mt-3">
        {state.status === 'sent' ? <Notice tone="success" title={m.resend_sent()}>{m.check_spam()}</Notice> : null}
        {state.status === 'error' ? <Notice tone="error" title={m.generic_error()}>{t(state.message)}</Notice> : null}
      </div>
      <button type="button" className="mt-3 text-sm font-medium text-stone-700 underline" onClick={onOtherAddress}>
        {m.other_address()}
      </button>
    </section>
  );
}

type PresentState = { status: 'loading' } | { status: 'ready'; shown: TRewardCode } | { status: 'handed' } | { status: 'error'; message: string };

function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 1000));
}

/**
 * 'Présenter au comptoir', full screen: the restaurant's name, the reward, its 6-character code and its
 * QR, valid 10 minutes (a countdown; an expired code asks for a new one). While it is shown its reward's
 * state is read every few seconds, so the screen says « Remis » when the staff handed the reward over.
 */
function PresentOverlay({
  restaurantId,
  restaurantName,
  reward,
  onClose,
}: {
  restaurantId: string;
  restaurantName: string;
  reward: { id: string; label: string };
  onClose: () => void;
}) {
  const [state, setState] = useState<PresentState>({ status: 'loading' });
  const { m, t } = useI18n();
  const [now, setNow] = useState(() => Date.now());
  const closeRef = useRef<HTMLButtonElement>(null);

  // Bumped by 'Afficher un nouveau code': each attempt asks the server for a fresh code.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    postJson<TRewardCode>(`/card/${encodeURIComponent(restaurantId)}/rewards/${encodeURIComponent(reward.id)}/code`, {}).then(
      (shown) => {
        if (!active) return;
        setNow(Date.now());
        setState({ status: 'ready', shown });
      },
      (error: unknown) => void loadMessageWords().then(() => active && setState({ status: 'error', message: messageOf(error) ?? m.generic_error() })),
    );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restaurantId, reward.id, attempt]);

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = previous;
    };
  }, [onClose]);

  const ready = state.status === 'ready';
  useEffect(() => {
    if (!ready) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [ready]);

  // While the code is shown, its reward's state is read a few seconds apart (every 3 s for two minutes,
  // then every 10 s: a code's 10 minutes stay within the read limits), so the screen says « Remis »
  // within seconds of the hand-over. It stops when handed over, when the code expires or the screen closes.
  const expiresAt = state.status === 'ready' ? state.shown.expiresAt : null;
  useEffect(() => {
    if (!expiresAt) return;
    const expires = new Date(expiresAt).getTime();
    const started = Date.now();
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      if (!active || Date.now() >= expires) return;
      timer = setTimeout(
        () =>
          getJson<TRewardState>(`/card/${encodeURIComponent(restaurantId)}/rewards/${encodeURIComponent(reward.id)}`).then(
            (answer) => (answer.status === 'redeemed' ? active && setState({ status: 'handed' }) : next()),
            next,
          ),
        Date.now() - started < 120_000 ? 3000 : 10_000,
      );
    };
    next();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [expiresAt, restaurantId, reward.id]);

  const left = state.status === 'ready' ? secondsLeft(state.shown.expiresAt, now) : 0;

  return (
    <div role="dialog" aria-modal="true" aria-labelledby="present-title" className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white">
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col items-center gap-4 px-5 py-6 text-center">
        <p className="text-lg font-semibold text-brand-800">{restaurantName}</p>
        <h2 id="present-title" className="text-2xl font-bold text-stone-900">
          {reward.label}
        </h2>
        {state.status === 'loading' ? (
          <p role="status" className="text-stone-600">
            {m.preparing_code()}
          </p>
        ) : state.status === 'error' ? (
          <Notice tone="error" title={m.generic_error()}>
            {t(state.message)}
          </Notice>
        ) : state.status === 'handed' ? (
          <div role="status" className="flex flex-col items-center gap-2 py-6">
            <CheckCircleIcon className="size-16 text-emerald-600" />
            <p className="text-4xl font-bold text-emerald-700" data-testid="reward-handed-over">
              {m.handed_over_short()}
            </p>
            <p className="text-lg text-stone-900">{m.handed_enjoy()}</p>
          </div>
        ) : left > 0 ? (
          <>
            <p className="text-stone-700">{m.show_staff()}</p>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(state.shown.qrSvg)}`}
              alt={m.qr_alt({ code: state.shown.code })}
              width={240}
              height={240}
              className="size-60 max-w-full"
              data-testid="reward-qr"
            />
            <p className="text-sm text-stone-600">{m.or_say_code()}</p>
            <p className="font-mono text-4xl font-bold tracking-[0.3em] text-stone-900" data-testid="reward-code" aria-label={m.code_label({ code: [...state.shown.code].join(' ') })}>
              {state.shown.code}
            </p>
            <p className="text-sm text-stone-600" aria-live="off">
              {m.valid_for({ min: Math.floor(left / 60), sec: String(left % 60).padStart(2, '0') })}
            </p>
          </>
        ) : (
          <div className="space-y-3">
            <p role="status" className="text-stone-700">
              {m.code_expired()}
            </p>
            <button
              type="button"
              className={PRIMARY_BUTTON}
              onClick={() => {
                setState({ status: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {m.new_code()}
            </button>
          </div>
        )}
        <button ref={closeRef} type="button" className={`${SECONDARY_BUTTON} mt-auto`} onClick={onClose}>
          {m.close()}
        </button>
      </div>
    </div>
  );
}
