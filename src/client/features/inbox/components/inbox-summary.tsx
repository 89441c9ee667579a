import { Card } from '../../../components/ui/card';
import type { TInboxSummary } from '../../../../shared/schemas/inbox';

const decimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The selection at a glance: how many, the average, and the count of each star. */
export function InboxSummary({ summary }: { summary: TInboxSummary }) {
  const max = Math.max(1, ...Object.values(summary.distribution));
  return (
    <Card className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-[auto_1fr]" aria-label="Résumé de la sélection" role="region">
      <dl className="flex gap-6 sm:flex-col sm:gap-2">
        <div>
          <dt className="text-xs text-stone-600">Avis</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="inbox-count">
            {summary.count.toLocaleString('fr-FR')}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Moyenne</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="inbox-average">
            {summary.average === null ? 'N/A' : `${decimal.format(summary.average)} / 5`}
          </dd>
        </div>
      </dl>
      <ul className="flex flex-col gap-1" aria-label="Répartition par note">
        {(['5', '4', '3', '2', '1'] as const).map((star) => (
          <li key={star} className="grid grid-cols-[3.5rem_1fr_3.5rem] items-center gap-2 text-sm">
            <span className="text-stone-700">{star} ★</span>
            <span className="h-2.5 overflow-hidden rounded-full bg-stone-100" aria-hidden="true">
              <span className={`block h-full rounded-full ${Number(star) <= 3 ? 'bg-red-500' : 'bg-green-600'}`} style={{ width: `${(summary.distribution[star] / max) * 100}%` }} />
            </span>
            <span className="text-right tabular-nums">
              <span className="sr-only">{star} étoiles : </span>
              {summary.distribution[star].toLocaleString('fr-FR')}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
