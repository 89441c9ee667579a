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

/**
 * /comptoir (issue 27): staff scan the reward's QR on the diner's phone (or type its 6 characters), see
 * who it is for and what, and press 'Remis'; or find a diner by email, phone or code. A QR opened with the
 * phone's own camera lands here with `?code=`.
 */
export function CounterPage() {
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
      setTypedError(CARD_MESSAGES.codeInvalid);
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
              <CardTitle>Remettre une récompense</CardTitle>
              <CardDescription>Le client ouvre « Ma carte » puis « Présenter au comptoir » : scannez son QR ou saisissez son code.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <QrScanner onCode={openCode} />
              <form onSubmit={handleSubmit} noValidate className="space-y-2">
                <label htmlFor="counter-code" className="block text-sm font-medium text-stone-800">
                  Code à 6 caractères
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
                    placeholder="ex. K7MX3P"
                    aria-invalid={typedError ? true : undefined}
                    aria-describedby={typedError ? 'counter-code-error' : undefined}
                    className="font-mono uppercase tracking-widest"
                  />
                  <Button type="submit" variant="outline">
                    Vérifier
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
            Toutes les récompenses à remettre
          </Link>
          <TodayReviews />
        </div>
      </div>
    </>
  );
}

function CodeResult({ code }: { code: string }) {
  const lookup = useCodeLookup(code);
  // Focus follows the answer, so a screen reader hears it after a scan.
  useEffect(() => {
    if (!lookup.isFetching) document.getElementById('code-result')?.focus();
  }, [lookup.isFetching, lookup.data, lookup.error]);
  if (lookup.isPending) return <Skeleton className="h-28 w-full" />;
  return (
    <section id="code-result" tabIndex={-1} aria-label={`Code ${code}`} className="space-y-3 rounded-xl border border-stone-200 bg-stone-50 p-4 focus:outline-none">
      <p className="font-mono text-sm tracking-widest text-stone-600">Code {code}</p>
      {lookup.isError ? (
        <p role="alert" className="font-medium text-red-800">
          {errorMessage(lookup.error) ?? CARD_MESSAGES.codeUnknown}
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
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = useCounterSearch(q);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Trouver un client</CardTitle>
        <CardDescription>Par email, téléphone ou code de récompense : ses récompenses à remettre s’affichent.</CardDescription>
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
            Email, téléphone ou code
          </label>
          <Input id="counter-search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Email, téléphone ou code" autoComplete="off" />
          <Button type="submit" variant="outline" aria-label="Rechercher">
            <Search aria-hidden="true" />
          </Button>
        </form>
        {q.length > 0 && q.length < 3 ? <p className="text-sm text-stone-600">{CARD_MESSAGES.searchTooShort}</p> : null}
        {search.isFetching && !search.data ? <Skeleton className="h-20 w-full" /> : null}
        {search.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(search.error) ?? 'La recherche a échoué. Réessayez.'}
          </p>
        ) : null}
        {search.data && q.length >= 3 ? (
          search.data.results.length === 0 ? (
            <p className="text-sm text-stone-600">Aucun client trouvé pour « {q} ».</p>
          ) : (
            <ul className="space-y-4" aria-label="Clients trouvés">
              {search.data.results.map((result) => (
                <li key={result.customer.id} className="space-y-2">
                  <CounterCustomerLine customer={result.customer} />
                  {result.pending.length === 0 ? (
                    <p className="text-sm text-stone-600">Aucune récompense à remettre.</p>
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
