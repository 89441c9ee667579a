import { Activity, CheckCircle2, Coins, Settings2 } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import type { TLoyaltyOverview } from '../../../../shared/schemas/loyalty';
import { formatCount } from '../../../../shared/format';

/** The three stat cards of spec §2. */
export function LoyaltyStats({ overview }: { overview: TLoyaltyOverview }) {
  const { stats, rulesExist } = overview;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Statistiques de fidélité">
      <li>
        <Card className="flex h-full flex-col gap-1 p-4" data-testid="stat-points">
          <span className="flex items-center gap-1.5 text-sm font-medium text-stone-600">
            <Coins className="size-4 text-brand-700" aria-hidden="true" />
            Points distribués
          </span>
          <span className="text-3xl font-semibold tabular-nums">{formatCount(stats.totalPoints)}</span>
          <span className="text-xs text-stone-500">
            en {formatCount(stats.attributions)} attribution{stats.attributions > 1 ? 's' : ''}
          </span>
        </Card>
      </li>
      <li>
        <Card className="flex h-full flex-col gap-1 p-4" data-testid="stat-rules">
          <span className="flex items-center gap-1.5 text-sm font-medium text-stone-600">
            <Settings2 className="size-4 text-brand-700" aria-hidden="true" />
            Récompenses actives
          </span>
          {rulesExist ? (
            <span className="flex items-center gap-1.5 text-lg font-semibold text-green-700">
              <CheckCircle2 className="size-6" aria-hidden="true" />
              Configurées
            </span>
          ) : (
            <span className="text-lg font-semibold text-amber-700">À configurer</span>
          )}
        </Card>
      </li>
      <li>
        <Card className="flex h-full flex-col gap-1 p-4" data-testid="stat-engagement">
          <span className="flex items-center gap-1.5 text-sm font-medium text-stone-600">
            <Activity className="size-4 text-brand-700" aria-hidden="true" />
            Engagement
          </span>
          <span className={`text-lg font-semibold ${stats.hasPointEvents ? 'text-green-700' : 'text-stone-600'}`}>{stats.hasPointEvents ? 'Actif' : 'En attente'}</span>
        </Card>
      </li>
    </ul>
  );
}
