import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { dinerPaths as paths } from '../../shared/diner-paths';
import { DINER_MESSAGES } from '../../shared/schemas/diner-messages';
import type { TTrackVisitResponse } from '../../shared/schemas/diner';
import type { TCardSummary } from '../../shared/schemas/card-messages';
import { DinerApiError, getJson } from './api';
import { FeedbackForm, type SubmittedFeedback } from './feedback-form';
import { loadPage, type LoadedPage } from './load-page';
import type { DinerRoute } from './route';
import { loadThankYou } from './deferred';

// Fetched while the diner fills the form (prefetchDeferredParts): shown at once after the submission.
// If it cannot be fetched (the network dropped), the feedback is saved all the same: a plain thanks.
const ThankYou = lazy(() =>
  loadThankYou().then(
    (module) => ({ default: module.ThankYou }),
    () => ({ default: PlainThanks }),
  ),
);

// 'Mes données' (decision 045): its own chunk, fetched only on /f/{id}/donnees.
const MyDataPage = lazy(() => import('./my-data-page').then((module) => ({ default: module.MyDataPage })));

// The returning diner's card above the form (issue 48): fetched only when this device holds one here.
const CardSummary = lazy(() => import('./card-summary'));

function PlainThanks() {
  return <p className="text-lg font-semibold text-stone-900">{DINER_MESSAGES.feedbackThanks}</p>;
}
import { EmailLinkConfirmation } from './email-link-confirmation';
import { RestaurantHeader, Shell } from './restaurant-header';

type PageState = { status: 'loading' } | { status: 'ready'; page: LoadedPage } | { status: 'error'; message: string; notFound: boolean };

/**
 * The whole diner page. `initial` and `visit` were started before React rendered, so the requests
 * travel while the skeleton paints.
 */
export function DinerPage({ route, initial, visit }: { route: DinerRoute; initial: Promise<LoadedPage>; visit: Promise<TTrackVisitResponse | null> }) {
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [loading, setLoading] = useState(initial);
  const [tracked, setTracked] = useState<TTrackVisitResponse | null>(null);
  const [submitted, setSubmitted] = useState<SubmittedFeedback | null>(null);
  const [card, setCard] = useState<TCardSummary['card']>(null);

  useEffect(() => {
    let active = true;
    loading.then(
      (page) => {
        if (!active) return;
        // The whole page renders then: in slices (a transition), not one long task.
        startTransition(() => setState({ status: 'ready', page }));
        if (route.kind !== 'data') document.title = `${page.restaurant.name} – Votre avis`;
      },
      (error: unknown) => {
        if (!active) return;
        const notFound = error instanceof DinerApiError && error.status === 404;
        setState({ status: 'error', notFound, message: error instanceof DinerApiError ? error.message : DINER_MESSAGES.genericError });
      },
    );
    return () => {
      active = false;
    };
  }, [loading, route.kind]);

  useEffect(() => {
    let active = true;
    visit.then((answer) => active && setTracked(answer));
    return () => {
      active = false;
    };
  }, [visit]);

  // This device's card here (issue 48), read once the form painted (a frame, then a task): the form
  // never waits for it. Not on a confirmation link or 'Mes données'.
  const restaurantId = state.status === 'ready' ? state.page.restaurantId : null;
  const showsForm = route.kind === 'scan' || (route.kind === 'feedback' && !route.link);
  useEffect(() => {
    // The restaurant's id came back from the server (a UUID); the answer only ever sets this page's state.
    if (restaurantId && showsForm) requestAnimationFrame(() => setTimeout(() => getJson<TCardSummary>(`/card/${restaurantId}/summary`).then((answer) => setCard(answer.card), () => undefined)));
  }, [restaurantId, showsForm]);

  if (state.status === 'error') {
    return (
      <Shell>
        <div className="flex flex-col items-center gap-3 py-16 text-center">
          <h1 className="text-2xl font-bold text-stone-900">{state.notFound ? state.message : DINER_MESSAGES.genericError}</h1>
          {state.notFound ? (
            <p className="text-stone-600">Vérifiez le lien, ou demandez au personnel du restaurant un QR code à jour.</p>
          ) : (
            <>
              <p role="alert" className="text-stone-600">
                {state.message}
              </p>
              <button
                type="button"
                className="mt-2 h-12 rounded-xl border border-stone-300 bg-white px-5 font-semibold text-stone-900 hover:bg-stone-100"
                onClick={() => {
                  setState({ status: 'loading' });
                  setLoading(loadPage(route));
                }}
              >
                Réessayer
              </button>
            </>
          )}
        </div>
      </Shell>
    );
  }

  const page = state.status === 'ready' ? state.page : null;
  const kind = route.kind === 'scan' ? 'r' : 'f';
  return (
    <Shell>
      <RestaurantHeader page={page} />
      {card && page && !submitted ? (
        <Suspense fallback={null}>
          <CardSummary restaurantId={page.restaurantId} card={card} />
        </Suspense>
      ) : null}
      <div className="mt-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-7">
        {route.kind === 'data' ? (
          page ? (
            <Suspense fallback={<p className="text-stone-600">Chargement de vos données…</p>}>
              <MyDataPage restaurantId={page.restaurantId} eraseToken={route.erase} />
            </Suspense>
          ) : (
            <p className="text-stone-600">Chargement de vos données…</p>
          )
        ) : route.kind === 'feedback' && route.link && page ? (
          <EmailLinkConfirmation token={route.link} restaurantId={page.restaurantId} />
        ) : submitted && page ? (
          <Suspense fallback={<p className="text-stone-600">{DINER_MESSAGES.feedbackThanks}</p>}>
            <ThankYou page={kind} submitted={submitted} restaurantId={page.restaurantId} restaurantName={page.restaurant.name} reviewUrl={page.restaurant.reviewUrl} reviewPromptAllRatings={page.restaurant.reviewPromptAllRatings} />
          </Suspense>
        ) : (
          <FeedbackForm
            page={kind}
            restaurantId={page?.restaurantId ?? null}
            restaurantName={page?.restaurant.name ?? null}
            qrId={tracked?.qrId ?? page?.qrId ?? null}
            visitId={tracked?.visitId ?? null}
            label={route.kind === 'feedback' ? route.label : null}
            ready={!!page}
            onSubmitted={setSubmitted}
          />
        )}
      </div>
      {submitted || route.kind === 'data' ? null : <PrivacyNote name={page?.restaurant.name ?? null} restaurantId={page?.restaurantId ?? null} />}
    </Shell>
  );
}

function PrivacyNote({ name, restaurantId }: { name: string | null; restaurantId: string | null }) {
  return (
    <p className="mt-4 px-1 text-xs leading-5 text-stone-500">
      Vos réponses (note, commentaire et, si vous les donnez, nom, email et téléphone) servent uniquement à {name ?? 'ce restaurant'} pour améliorer son accueil et gérer
      vos points de fidélité. Elles ne sont jamais revendues. Vous pouvez les consulter, les télécharger ou les effacer à tout moment.{' '}
      {restaurantId ? (
        <>
          <a href={paths.dinerData.href(restaurantId)} className="underline">
            Mes données
          </a>
          {' · '}
        </>
      ) : null}
      <a href={paths.privacy.href()} className="underline">
        Politique de confidentialité
      </a>
      {' · '}
      <a href={paths.legal.href()} className="underline">
        Mentions légales
      </a>
    </p>
  );
}
