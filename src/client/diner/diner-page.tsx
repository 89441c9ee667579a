import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { dinerPaths as paths } from '../../shared/diner-paths';
import type { TTrackVisitResponse } from '../../shared/schemas/diner';
import type { TCardSummary } from '../../shared/schemas/card-messages';
import { DinerApiError, getJson } from './api';
import { FeedbackForm, type SubmittedFeedback } from './feedback-form';
import { loadPage, type LoadedPage } from './load-page';
import type { DinerRoute } from './route';
import { loadThankYou } from './deferred';
import { LanguageSwitch, loadMessageWords, loadMore, useI18n } from './i18n';

// Fetched while the diner fills the form (prefetchDeferredParts): shown at once after the submission.
// If it cannot be fetched (the network dropped), the feedback is saved all the same: a plain thanks.
const ThankYou = lazy(() =>
  loadThankYou().then(
    (module) => ({ default: module.ThankYou }),
    () => ({ default: PlainThanks }),
  ),
);

// 'Mes données' (decision 045): its own chunk, fetched only on /f/{id}/donnees.
const MyDataPage = lazy(() => Promise.all([import('./my-data-page'), loadMore()]).then(([module]) => ({ default: module.MyDataPage })));

// The returning diner's card above the form (issue 48): fetched only when this device holds one here.
const CardSummary = lazy(() => Promise.all([import('./card-summary'), loadMore()]).then(([module]) => module));

// The confirmation link of an email (/f/{id}?link=): its own chunk, with the more catalogue's words.
const EmailLinkConfirmation = lazy(() => Promise.all([import('./email-link-confirmation'), loadMore()]).then(([module]) => ({ default: module.EmailLinkConfirmation })));

function PlainThanks() {
  const { m } = useI18n();
  return <p className="text-lg font-semibold text-stone-900">{m.feedback_thanks()}</p>;
}
import { RestaurantHeader, Shell } from './restaurant-header';

// `message`: the server's (French) message, or null for the generic one; shown in the page's language.
type PageState = { status: 'loading' } | { status: 'ready'; page: LoadedPage } | { status: 'error'; message: string | null; notFound: boolean };

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
  const { m, t } = useI18n();

  useEffect(() => {
    let active = true;
    loading.then(
      (page) => {
        if (!active) return;
        // The whole page renders then: in slices (a transition), not one long task.
        startTransition(() => setState({ status: 'ready', page }));
      },
      (error: unknown) => {
        const notFound = error instanceof DinerApiError && error.status === 404;
        void loadMessageWords().then(() => active && setState({ status: 'error', notFound, message: error instanceof DinerApiError ? error.message : null }));
      },
    );
    return () => {
      active = false;
    };
  }, [loading]);

  const restaurantName = state.status === 'ready' ? state.page.restaurant.name : null;
  useEffect(() => {
    if (restaurantName && route.kind !== 'data') document.title = m.title_feedback({ name: restaurantName });
  }, [restaurantName, route.kind, m]);

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
    const message = state.message ? t(state.message) : m.generic_error();
    return (
      <Shell>
        <div className="flex justify-end">
          <LanguageSwitch />
        </div>
        <div className="flex flex-col items-center gap-3 py-16 text-center">
          <h1 className="text-2xl font-bold text-stone-900">{state.notFound ? message : m.generic_error()}</h1>
          {state.notFound ? (
            <p className="text-stone-600">{m.not_found_hint()}</p>
          ) : (
            <>
              <p role="alert" className="text-stone-600">
                {message}
              </p>
              <button
                type="button"
                className="mt-2 h-12 rounded-xl border border-stone-300 bg-white px-5 font-semibold text-stone-900 hover:bg-stone-100"
                onClick={() => {
                  setState({ status: 'loading' });
                  setLoading(loadPage(route));
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
            <Suspense fallback={<p className="text-stone-600">{m.loading_data()}</p>}>
              <MyDataPage restaurantId={page.restaurantId} eraseToken={route.erase} />
            </Suspense>
          ) : (
            <p className="text-stone-600">{m.loading_data()}</p>
          )
        ) : route.kind === 'feedback' && route.link && page ? (
          <Suspense fallback={<p className="text-stone-600">{m.loading()}</p>}>
            <EmailLinkConfirmation token={route.link} restaurantId={page.restaurantId} />
          </Suspense>
        ) : submitted && page ? (
          <Suspense fallback={<p className="text-stone-600">{m.feedback_thanks()}</p>}>
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

/** Below the form, in the first catalogue: a diner reads how their data is used before they act (decision 069 fetches nothing more until then). */
function PrivacyNote({ name, restaurantId }: { name: string | null; restaurantId: string | null }) {
  const { m } = useI18n();
  return (
    <p className="mt-4 px-1 text-xs leading-5 text-stone-500">
      {m.privacy_note({ name: name ?? m.this_restaurant() })}{' '}
      {restaurantId ? (
        <>
          <a href={paths.dinerData.href(restaurantId)} className="underline">
            {m.my_data()}
          </a>
          {' · '}
        </>
      ) : null}
      <a href={paths.privacy.href()} className="underline">
        {m.privacy_policy()}
      </a>
      {' · '}
      <a href={paths.legal.href()} className="underline">
        {m.legal_notice()}
      </a>
    </p>
  );
}
