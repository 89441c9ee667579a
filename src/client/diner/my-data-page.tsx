import { useEffect, useState } from 'react';
import { formatCount, formatDate } from '../../shared/format';
import { dinerPaths as paths } from '../../shared/diner-paths';
import type { TMyData, TMyDataErasureResponse, TMyDataMessageResponse } from '../../shared/schemas/my-data-messages';
import { DinerApiError, getJson, postJson } from './api';
import { Checkbox, Notice, PRIMARY_BUTTON } from './fields';
import { loadMessageWords, useI18n } from './i18n';

const SECONDARY_BUTTON =
  'inline-flex h-12 w-full items-center justify-center rounded-xl border border-stone-300 bg-white px-5 text-base font-semibold text-stone-900 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-60';
const DANGER_BUTTON =
  'inline-flex h-12 w-full items-center justify-center rounded-xl bg-red-700 px-5 text-base font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';

// `title` and `message`: the server's (French) words, or null for the generic error; shown through `t`.
type Feedback = { tone: 'success' | 'error'; title: string | null } | null;
type LoadState = { status: 'loading' } | { status: 'ready'; data: TMyData } | { status: 'error'; message: string | null };

const messageOf = (error: unknown) => (error instanceof DinerApiError ? error.message : null);

/**
 * 'Mes données' (/f/{id}/donnees, decision 045): what the restaurant holds about the diner of this
 * device, its JSON download, consent, unsubscribe and erasure. A lazy chunk of the diner bundle.
 */
export function MyDataPage({ restaurantId, eraseToken }: { restaurantId: string; eraseToken: string | null }) {
  const base = `/restaurants/${encodeURIComponent(restaurantId)}/my-data`;
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingErase, setConfirmingErase] = useState(false);
  const [erased, setErased] = useState(false);
  const [token] = useState(eraseToken);
  const { locale, m, t } = useI18n();
  const say = (message: string | null) => (message === null ? m.generic_error() : t(message));
  const day = (iso: string) => formatDate(iso, locale);

  useEffect(() => {
    document.title = m.my_data();
  }, [m]);
  useEffect(() => {
    if (eraseToken) window.history.replaceState(null, '', `/f/${encodeURIComponent(restaurantId)}/donnees`);
  }, [eraseToken, restaurantId]);

  useEffect(() => {
    let active = true;
    getJson<TMyData>(base).then(
      (data) => active && setState({ status: 'ready', data }),
      (error: unknown) => void loadMessageWords().then(() => active && setState({ status: 'error', message: messageOf(error) })),
    );
    return () => {
      active = false;
    };
  }, [base]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setFeedback(null);
    try {
      await loadMessageWords();
      await work();
    } catch (error) {
      setFeedback({ tone: 'error', title: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  const update = (path: string, body?: unknown) =>
    act(async () => {
      const answer = await postJson<TMyDataMessageResponse>(`${base}/${path}`, body ?? {});
      setState({ status: 'ready', data: answer.data });
      setFeedback({ tone: 'success', title: answer.message });
    });
  const erase = () =>
    act(async () => {
      const answer = await postJson<TMyDataErasureResponse>(`${base}/erase`, { confirm: true });
      setConfirmingErase(false);
      if (answer.status === 'erased') setErased(true);
      setFeedback({ tone: 'success', title: answer.message });
    });
  const confirmErase = () =>
    act(async () => {
      const answer = await postJson<TMyDataErasureResponse>('/my-data/erase/confirm', { token });
      setErased(true);
      setFeedback({ tone: 'success', title: answer.message });
    });

  const back = paths.dinerFeedback.href(restaurantId);
  if (token && !erased) {
    return (
      <section className="space-y-4" aria-labelledby="erase-title">
        <h2 id="erase-title" className="text-xl font-bold text-stone-900">
          {m.md_confirm_title()}
        </h2>
        <p className="text-stone-700">{m.md_confirm_body()}</p>
        {feedback ? <Notice tone={feedback.tone} title={say(feedback.title)} /> : null}
        <button type="button" className={DANGER_BUTTON} disabled={busy} onClick={() => void confirmErase()}>
          {m.md_erase_final()}
        </button>
        <a href={back} className={SECONDARY_BUTTON}>
          {m.cancel()}
        </a>
      </section>
    );
  }
  if (erased) {
    return (
      <section className="space-y-4">
        <h2 className="text-xl font-bold text-stone-900">{m.my_data()}</h2>
        <Notice tone="success" title={m.erased()} />
        <a href={back} className={SECONDARY_BUTTON}>
          {m.md_back()}
        </a>
      </section>
    );
  }
  if (state.status === 'loading') {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">{m.loading_data()}</span>
        <div className="h-7 w-1/2 animate-pulse rounded-md bg-stone-200" />
        <div className="h-24 animate-pulse rounded-xl bg-stone-100" />
        <div className="h-24 animate-pulse rounded-xl bg-stone-100" />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="space-y-4">
        <h2 className="text-xl font-bold text-stone-900">{m.my_data()}</h2>
        <Notice tone="error" title={say(state.message)} />
      </section>
    );
  }
  const { data } = state;
  const identity = data.identity;
  return (
    <section className="space-y-6" aria-labelledby="my-data-title">
      <div>
        <h2 id="my-data-title" className="text-xl font-bold text-stone-900">
          {m.my_data()}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{m.md_intro({ name: data.restaurantName })}</p>
      </div>
      {feedback ? <Notice tone={feedback.tone} title={say(feedback.title)} /> : null}
      {!data.found || !identity ? (
        <Notice tone="success" title={m.nothing_held()} />
      ) : (
        <>
          <Block title={m.md_identity()}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <Row label={m.first_name()} value={identity.firstName} />
              <Row label={m.last_name()} value={identity.lastName} />
              <Row label={m.email()} value={identity.email} />
              <Row label={m.phone()} value={identity.phone} />
              <Row label={m.md_customer_since()} value={day(identity.customerSince)} />
            </dl>
          </Block>
          <Block title={m.md_points({ balance: formatCount(data.points.balance, locale) })}>
            <p className="text-sm text-stone-700">
              {m.md_counts({
                visits: m.md_visits({ count: data.visits.length, n: formatCount(data.visits.length, locale) }),
                ratings: m.md_ratings({ count: data.ratings.length, n: formatCount(data.ratings.length, locale) }),
                moves: m.md_moves({ count: data.points.events.length, n: formatCount(data.points.events.length, locale) }),
              })}
            </p>
            {data.ratings.length ? (
              <ul className="mt-2 space-y-1 text-sm text-stone-700">
                {data.ratings.slice(0, 5).map((rating) => (
                  <li key={rating.createdAt}>
                    {rating.comment
                      ? m.md_rating_comment({ date: day(rating.createdAt), rating: rating.rating, comment: rating.comment })
                      : m.md_rating({ date: day(rating.createdAt), rating: rating.rating })}
                  </li>
                ))}
              </ul>
            ) : null}
            {data.rewards.length ? (
              <ul className="mt-2 space-y-1 text-sm text-stone-700">
                {data.rewards.map((reward) => (
                  <li key={reward.createdAt + reward.label}>
                    {reward.status === 'pending' ? m.md_reward_pending({ label: reward.label }) : m.md_reward_used({ label: reward.label, date: day(reward.redeemedAt ?? reward.createdAt) })}
                  </li>
                ))}
              </ul>
            ) : null}
          </Block>
          <Block title={m.md_emails({ count: formatCount(data.emails.length, locale) })}>
            {data.emails.length ? (
              <ul className="space-y-1 text-sm text-stone-700">
                {data.emails.slice(0, 5).map((mail) => (
                  <li key={mail.createdAt + mail.subject}>
                    {m.md_email_line({ date: day(mail.createdAt), subject: mail.subject })}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone-700">{m.md_no_email()}</p>
            )}
          </Block>
          {identity.email ? (
            <Block title={m.md_restaurant_emails()}>
              <Checkbox id="my-consent" checked={identity.marketingConsent} onChange={(checked) => void update('consent', { marketingConsent: checked })}>
                {m.md_consent({ name: data.restaurantName })}
              </Checkbox>
              {identity.unsubscribed ? (
                <p className="mt-3 text-sm text-stone-600">{m.md_unsubscribed()}</p>
              ) : (
                <button type="button" className={`${SECONDARY_BUTTON} mt-3`} disabled={busy} onClick={() => void update('unsubscribe')}>
                  {m.md_unsubscribe()}
                </button>
              )}
            </Block>
          ) : null}
        </>
      )}
      <div className="space-y-3">
        <a href={`/api/public${base}/export`} download="mes-donnees.json" className={PRIMARY_BUTTON}>
          {m.md_download()}
        </a>
        <p className="-mt-1 text-center text-xs text-stone-500">{m.md_download_hint()}</p>
        {data.found ? (
          confirmingErase ? (
            <div className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4" role="group" aria-labelledby="erase-confirm-title">
              <p id="erase-confirm-title" className="font-semibold text-red-900">
                {m.md_erase_question()}
              </p>
              <p className="text-sm text-red-900">
                {identity?.email ? m.md_erase_by_email() : m.md_erase_now()}
              </p>
              <button type="button" className={DANGER_BUTTON} disabled={busy} onClick={() => void erase()}>
                {m.md_erase_yes()}
              </button>
              <button type="button" className={SECONDARY_BUTTON} disabled={busy} onClick={() => setConfirmingErase(false)}>
                {m.cancel()}
              </button>
            </div>
          ) : (
            <button type="button" className={SECONDARY_BUTTON} onClick={() => setConfirmingErase(true)}>
              {m.md_erase()}
            </button>
          )
        ) : null}
        <a href={back} className="block text-center text-sm font-medium text-brand-700 underline">
          {m.md_back()}
        </a>
      </div>
    </section>
  );
}

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-stone-200 p-4">
      <h3 className="mb-2 font-semibold text-stone-900">{title}</h3>
      {children}
    </div>
  );
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <dt className="text-stone-600">{label}</dt>
      <dd className="min-w-0 break-words text-stone-900">{value || '—'}</dd>
    </>
  );
}
