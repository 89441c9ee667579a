import { RefreshCw, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

function tone(score: number): { text: string; bar: string } {
  if (score === 100) return { text: 'text-green-700', bar: 'bg-green-600' };
  if (score >= 60) return { text: 'text-amber-700', bar: 'bg-amber-500' };
  return { text: 'text-red-700', bar: 'bg-red-600' };
}

/**
 * The score (spec §9) in big figures with a progress bar, and the rerun button. `score` is null
 * before the first result (or after a failed run).
 */
export function SecurityScore({ score, passed, total, running, onRun }: { score: number | null; passed: number | null; total: number; running: boolean; onRun: () => void }) {
  const colors = score === null ? { text: 'text-stone-400', bar: 'bg-stone-300' } : tone(score);
  const figure = score === null ? '—' : `${score}\u00a0%`;
  const summary = running ? 'Vérification en cours…' : passed === null ? 'Aucun résultat pour le moment' : `${passed} contrôle${passed > 1 ? 's' : ''} réussi${passed > 1 ? 's' : ''} sur ${total}`;
  return (
    <section aria-labelledby="security-score-title" className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:gap-6">
      <div className="flex flex-1 flex-col gap-3">
        <h2 id="security-score-title" className="flex items-center gap-2 text-sm font-medium text-stone-600">
          <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
          Score de sécurité
        </h2>
        <p className={cn('text-5xl font-bold tabular-nums tracking-tight', colors.text)}>
          <span className="sr-only">Score de sécurité : </span>
          <span data-testid="security-score">{running && score === null ? '…' : figure}</span>
        </p>
        <div
          role="progressbar"
          aria-label="Score de sécurité"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={score ?? undefined}
          aria-valuetext={score === null ? summary : `${score} %, ${summary}`}
          className="h-3 w-full overflow-hidden rounded-full bg-stone-100"
        >
          <div className={cn('h-full rounded-full', colors.bar)} style={{ width: `${score ?? 0}%` }} />
        </div>
        <p className="text-sm text-stone-600">{summary}</p>
      </div>
      <Button onClick={onRun} disabled={running} className="w-full sm:w-auto">
        <RefreshCw className={cn(running && 'animate-spin motion-reduce:animate-none')} aria-hidden="true" />
        Relancer la vérification
      </Button>
    </section>
  );
}
