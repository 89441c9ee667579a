import { Activity, CheckCircle2, Coins, Settings2 } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import type { TLoyaltyOverview } from '../../../../shared/schemas/loyalty';
import { formatCount } from '../../../../shared/format';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';

/** The three stat cards of spec §2. */
export function LoyaltyStats({ overview }: { overview: TLoyaltyOverview }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const { stats, rulesExist } = overview;
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label={m.loyalty_stats_label()}>
      <li>
        <Card className="flex h-full flex-col gap-1 p-4" data-testid="stat-points">
          <span className="flex items-center gap-1.5 text-sm font-medium text-stone-600">
            <Coins className="size-4 text-brand-700" aria-hidden="true" />
            {m.loyalty_points_given()}
          </span>
          <span className="text-3xl font-semibold tabular-nums">{formatCount(stats.totalPoints, locale)}</span>
          <span className="text-xs text-stone-500">
            {m.loyalty_attributions({ count: stats.attributions, shown: formatCount(stats.attributions, locale) })}
          </span>
        </Card>
      </li>
      <li>
        <Card className="flex h-full flex-col gap-1 p-4" data-testid="stat-rules">
          <span className="flex items-center gap-1.5 text-sm font-medium text-stone-600">
            <Settings2 className="size-4 text-brand-700" aria-hidden="true" />
            {m.loyalty_active_rewards()}
          </span>
          {rulesExist ? (
            <span className="flex items-center gap-1.5 text-lg font-semibold text-green-700">
              <CheckCircle2 className="size-6" aria-hidden="true" />
              {m.loyalty_configured()}
            </span>
          ) : (
            <span className="text-lg font-semibold text-amber-700">{m.loyalty_to_configure()}</span>
          )}
        </Card>
      </li>
      <li>
        <Card className="flex h-full flex-col gap-1 p-4" data-testid="stat-engagement">
          <span className="flex items-center gap-1.5 text-sm font-medium text-stone-600">
            <Activity className="size-4 text-brand-700" aria-hidden="true" />
            {m.loyalty_engagement()}
          </span>
          <span className={`text-lg font-semibold ${stats.hasPointEvents ? 'text-green-700' : 'text-stone-600'}`}>{stats.hasPointEvents ? m.loyalty_engaged() : m.loyalty_waiting()}</span>
        </Card>
      </li>
    </ul>
  );
}
