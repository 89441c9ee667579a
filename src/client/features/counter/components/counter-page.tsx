import { ListChecks, Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useCodeLookup } from '../api/lookup-code';
import { useCounterSearch } from '../api/search-counter';
import { CounterCustomerLine, CounterRewardRow } from '../components/counter-reward';
import { QrScanner } from '../components/qr-scanner';
import { TodayReviews } from '../components/today-reviews';
import { errorMessage } from '../../../lib/toast';
import { CARD_MESSAGES, isRewardCode, normalizeRewardCode } from '../../../../shared/schemas/card-messages';
import { localizeMessage } from '../../../../shared/i18n/api-messages';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';

/**
 * /comptoir (issue 27): staff scan the reward's QR on the diner's phone (or type its 6 characters), see
 * who it is for and what, and press 'Remis'; or find a diner by email, phone or code. A QR opened with the
 * phone's own camera lands here with `?code=`.
 */
export function CounterPage() {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const [typed, setTyped] = useState(code ?? '');
  const [typedError, setTypedError] = useState<string | null>(null);

  const openCode = (value: string) => {
    setTyped(value);
    setTypedError(null);
    setParams({ code: value }, { replace: true });
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const value = normalizeRewardCode(typed);
    if (!isRewardCode(value)) {
      setTypedError(localizeMessage(CARD_MESSAGES.codeInvalid, locale));
      document.getElementById('counter-code')?.focus();
      return;
    }
    openCode(value);
  }

  return (
    <>
      <div className="mx-auto grid w-full max-w-5xl gap-6 md:grid-cols-2">
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{m.counter_hand_over_title()}</CardTitle>
              <CardDescription>{m.counter_hand_over_intro()}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <QrScanner onCode={openCode} />
              <form onSubmit={handleSubmit} noValidate className="space-y-2">
                <label htmlFor="counter-code" className="block text-sm font-medium text-stone-800">
                  {m.counter_code_label()}
                </label>
                <div className="flex gap-2">
                  <Input
                    id="counter-code"
                    value={typed}
                    onChange={(event) => {
                      setTyped(event.target.value);
                      setTypedError(null);
                    }}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={12}
                    placeholder={m.counter_code_placeholder()}
                    aria-invalid={typedError ? true : undefined}
                    aria-describedby={typedError ? 'counter-code-error' : undefined}
                    className="font-mono uppercase tracking-widest"
                  />
                  <Button type="submit" variant="outline">
                    {m.counter_check()}
                  </Button>
                </div>
                {typedError ? (
                  <p id="counter-code-error" className="text-sm text-red-700">
                    {typedError}
                  </p>
                ) : null}
              </form>
              {code ? <CodeResult code={code} /> : null}
            </CardContent>
          </Card>
        </div>
        <div className="space-y-6">
          <FindDiner />
          <Link to={paths.pendingRewards.href()} className="flex items-center gap-2 text-sm font-medium text-brand-800 underline">
            <ListChecks className="size-4" aria-hidden="true" />
            {m.counter_all_pending()}
          </Link>
          <TodayReviews />
        </div>
      </div>
    </>
  );
}

function CodeResult({ code }: { code: string }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const lookup = useCodeLookup(code);
  // Focus follows the answer, so a screen reader hears it after a scan.
  useEffect(() => {
    if (!lookup.isFetching) document.getElementById('code-result')?.focus();
  }, [lookup.isFetching, lookup.data, lookup.error]);
  if (lookup.isPending) return <Skeleton className="h-28 w-full" />;
  return (
    <section id="code-result" tabIndex={-1} aria-label={m.counter_code({ code })} className="space-y-3 rounded-xl border border-stone-200 bg-stone-50 p-4 focus:outline-none">
      <p className="font-mono text-sm tracking-widest text-stone-600">{m.counter_code({ code })}</p>
      {lookup.isError ? (
        <p role="alert" className="font-medium text-red-800">
          {localizeMessage(errorMessage(lookup.error) ?? CARD_MESSAGES.codeUnknown, locale)}
        </p>
      ) : (
        <>
          <CounterCustomerLine customer={lookup.data.customer} />
          <CounterRewardRow reward={lookup.data} />
        </>
      )}
    </section>
  );
}

function FindDiner() {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = useCounterSearch(q);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.counter_find_title()}</CardTitle>
        <CardDescription>{m.counter_find_intro()}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          role="search"
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setQ(text.trim());
          }}
        >
          <label htmlFor="counter-search" className="sr-only">
            {m.counter_search_label()}
          </label>
          <Input id="counter-search" value={text} onChange={(event) => setText(event.target.value)} placeholder={m.counter_search_label()} autoComplete="off" />
          <Button type="submit" variant="outline" aria-label={m.counter_search()}>
            <Search aria-hidden="true" />
          </Button>
        </form>
        {q.length > 0 && q.length < 3 ? <p className="text-sm text-stone-600">{localizeMessage(CARD_MESSAGES.searchTooShort, locale)}</p> : null}
        {search.isFetching && !search.data ? <Skeleton className="h-20 w-full" /> : null}
        {search.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {localizeMessage(errorMessage(search.error) ?? m.counter_search_failed(), locale)}
          </p>
        ) : null}
        {search.data && q.length >= 3 ? (
          search.data.results.length === 0 ? (
            <p className="text-sm text-stone-600">{m.counter_no_match({ q })}</p>
          ) : (
            <ul className="space-y-4" aria-label={m.counter_results_label()}>
              {search.data.results.map((result) => (
                <li key={result.customer.id} className="space-y-2">
                  <CounterCustomerLine customer={result.customer} />
                  {result.pending.length === 0 ? (
                    <p className="text-sm text-stone-600">{m.counter_no_pending()}</p>
                  ) : (
                    result.pending.map((reward) => <CounterRewardRow key={reward.id} reward={reward} />)
                  )}
                </li>
              ))}
            </ul>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
