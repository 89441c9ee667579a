import { useEffect, useState } from 'react';
import { formatDateFr } from '../../shared/format';
import { dinerPaths as paths } from '../../shared/diner-paths';
import { MY_DATA_MESSAGES, type TMyData, type TMyDataErasureResponse, type TMyDataMessageResponse } from '../../shared/schemas/my-data-messages';
import { DINER_MESSAGES } from '../../shared/schemas/diner-messages';
import { DinerApiError, getJson, postJson } from './api';
import { Checkbox, Notice, PRIMARY_BUTTON } from './fields';

const SECONDARY_BUTTON =
  'inline-flex h-12 w-full items-center justify-center rounded-xl border border-stone-300 bg-white px-5 text-base font-semibold text-stone-900 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-60';
const DANGER_BUTTON =
  'inline-flex h-12 w-full items-center justify-center rounded-xl bg-red-700 px-5 text-base font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';

type Feedback = { tone: 'success' | 'error'; title: string } | null;
type LoadState = { status: 'loading' } | { status: 'ready'; data: TMyData } | { status: 'error'; message: string };

const messageOf = (error: unknown) => (error instanceof DinerApiError ? error.message : DINER_MESSAGES.genericError);

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

  useEffect(() => {
    document.title = 'Mes données';
    if (eraseToken) window.history.replaceState(null, '', `/f/${encodeURIComponent(restaurantId)}/donnees`);
  }, [eraseToken, restaurantId]);

  useEffect(() => {
    let active = true;
    getJson<TMyData>(base).then(
      (data) => active && setState({ status: 'ready', data }),
      (error: unknown) => active && setState({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      active = false;
    };
  }, [base]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setFeedback(null);
    try {
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
          Confirmer l’effacement
        </h2>
        <p className="text-stone-700">Vos données seront effacées définitivement : identité, contact, notes, points et récompenses. Vos visites restent comptées, sans lien avec vous.</p>
        {feedback ? <Notice tone={feedback.tone} title={feedback.title} /> : null}
        <button type="button" className={DANGER_BUTTON} disabled={busy} onClick={() => void confirmErase()}>
          Effacer définitivement mes données
        </button>
        <a href={back} className={SECONDARY_BUTTON}>
          Annuler
        </a>
      </section>
    );
  }
  if (erased) {
    return (
      <section className="space-y-4">
        <h2 className="text-xl font-bold text-stone-900">{MY_DATA_MESSAGES.title}</h2>
        <Notice tone="success" title={MY_DATA_MESSAGES.erased} />
        <a href={back} className={SECONDARY_BUTTON}>
          Retour au restaurant
        </a>
      </section>
    );
  }
  if (state.status === 'loading') {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Chargement de vos données…</span>
        <div className="h-7 w-1/2 animate-pulse rounded-md bg-stone-200" />
        <div className="h-24 animate-pulse rounded-xl bg-stone-100" />
        <div className="h-24 animate-pulse rounded-xl bg-stone-100" />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="space-y-4">
        <h2 className="text-xl font-bold text-stone-900">{MY_DATA_MESSAGES.title}</h2>
        <Notice tone="error" title={state.message} />
      </section>
    );
  }
  const { data } = state;
  const identity = data.identity;
  return (
    <section className="space-y-6" aria-labelledby="my-data-title">
      <div>
        <h2 id="my-data-title" className="text-xl font-bold text-stone-900">
          {MY_DATA_MESSAGES.title}
        </h2>
        <p className="mt-1 text-sm text-stone-600">Ce que {data.restaurantName} détient sur vous, reconnu grâce à cet appareil.</p>
      </div>
      {feedback ? <Notice tone={feedback.tone} title={feedback.title} /> : null}
      {!data.found || !identity ? (
        <Notice tone="success" title={MY_DATA_MESSAGES.nothingHeld} />
      ) : (
        <>
          <Block title="Identité">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <Row label="Prénom" value={identity.firstName} />
              <Row label="Nom" value={identity.lastName} />
              <Row label="Email" value={identity.email} />
              <Row label="Téléphone" value={identity.phone} />
              <Row label="Client depuis le" value={formatDateFr(identity.customerSince)} />
            </dl>
          </Block>
          <Block title={`Points : ${data.points.balance}`}>
            <p className="text-sm text-stone-700">
              {data.visits.length} visite{data.visits.length > 1 ? 's' : ''}, {data.ratings.length} note{data.ratings.length > 1 ? 's' : ''}, {data.points.events.length} mouvement
              {data.points.events.length > 1 ? 's' : ''} de points.
            </p>
            {data.ratings.length ? (
              <ul className="mt-2 space-y-1 text-sm text-stone-700">
                {data.ratings.slice(0, 5).map((rating) => (
                  <li key={rating.createdAt}>
                    {formatDateFr(rating.createdAt)} : {rating.rating}/5{rating.comment ? ` – « ${rating.comment} »` : ''}
                  </li>
                ))}
              </ul>
            ) : null}
            {data.rewards.length ? (
              <ul className="mt-2 space-y-1 text-sm text-stone-700">
                {data.rewards.map((reward) => (
                  <li key={reward.createdAt + reward.label}>
                    {reward.label} : {reward.status === 'pending' ? 'à utiliser' : `utilisée le ${formatDateFr(reward.redeemedAt ?? reward.createdAt)}`}
                  </li>
                ))}
              </ul>
            ) : null}
          </Block>
          <Block title={`Emails reçus : ${data.emails.length}`}>
            {data.emails.length ? (
              <ul className="space-y-1 text-sm text-stone-700">
                {data.emails.slice(0, 5).map((mail) => (
                  <li key={mail.createdAt + mail.subject}>
                    {formatDateFr(mail.createdAt)} : {mail.subject}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone-700">Aucun email envoyé.</p>
            )}
          </Block>
          {identity.email ? (
            <Block title="Emails du restaurant">
              <Checkbox id="my-consent" checked={identity.marketingConsent} onChange={(checked) => void update('consent', { marketingConsent: checked })}>
                Recevoir les offres et nouvelles de {data.restaurantName} par email
              </Checkbox>
              {identity.unsubscribed ? (
                <p className="mt-3 text-sm text-stone-600">Vous êtes désinscrit·e de tous les emails de ce restaurant.</p>
              ) : (
                <button type="button" className={`${SECONDARY_BUTTON} mt-3`} disabled={busy} onClick={() => void update('unsubscribe')}>
                  Me désinscrire de tous les emails
                </button>
              )}
            </Block>
          ) : null}
        </>
      )}
      <div className="space-y-3">
        <a href={`/api/public${base}/export`} download="mes-donnees.json" className={PRIMARY_BUTTON}>
          Télécharger mes données
        </a>
        <p className="-mt-1 text-center text-xs text-stone-500">Un fichier JSON avec tout ce qui est affiché ici, en entier.</p>
        {data.found ? (
          confirmingErase ? (
            <div className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4" role="group" aria-labelledby="erase-confirm-title">
              <p id="erase-confirm-title" className="font-semibold text-red-900">
                Effacer toutes vos données ?
              </p>
              <p className="text-sm text-red-900">
                {identity?.email
                  ? 'Un email de confirmation sera envoyé à votre adresse : l’effacement aura lieu quand vous ouvrirez son lien.'
                  : 'L’effacement est immédiat et définitif : vos points et récompenses seront perdus.'}
              </p>
              <button type="button" className={DANGER_BUTTON} disabled={busy} onClick={() => void erase()}>
                Oui, effacer mes données
              </button>
              <button type="button" className={SECONDARY_BUTTON} disabled={busy} onClick={() => setConfirmingErase(false)}>
                Annuler
              </button>
            </div>
          ) : (
            <button type="button" className={SECONDARY_BUTTON} onClick={() => setConfirmingErase(true)}>
              Effacer mes données
            </button>
          )
        ) : null}
        <a href={back} className="block text-center text-sm font-medium text-brand-700 underline">
          Retour au restaurant
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
