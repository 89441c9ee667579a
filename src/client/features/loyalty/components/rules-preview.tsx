import { computeRawPoints } from '../../../../shared/rules/points';
import type { TPointsRulesRequest } from '../../../../shared/schemas/loyalty';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** What a customer earns with the rules being edited (spec §2's preview example). */
export function RulesPreview({ rules }: { rules: TPointsRulesRequest }) {
  const m = useOwnerMessages();
  const low = computeRawPoints(Math.max(1, rules.ratingThreshold - 1), rules);
  const high = computeRawPoints(rules.ratingThreshold, rules);
  return (
    <div className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm" data-testid="rules-preview" aria-live="polite">
      <p className="font-medium text-brand-900">{m.loyalty_preview_title()}</p>
      <ul className="mt-2 flex flex-col gap-1 text-stone-800">
        <li>
          {m.loyalty_preview_low({ threshold: rules.ratingThreshold })}
          <strong>{m.loyalty_preview_points({ count: low })}</strong>
        </li>
        <li>
          {m.loyalty_preview_high({ threshold: rules.ratingThreshold })}
          <strong>{m.loyalty_preview_points({ count: high })}</strong>
          {m.loyalty_preview_bonus({ base: rules.basePoints, bonus: rules.bonusGoodRating })}
        </li>
        <li>{m.loyalty_preview_cap({ count: rules.maxPointsPerDay })}</li>
        {rules.earningIntervalHours ? (
          <li>{m.loyalty_preview_interval({ count: rules.earningIntervalHours })}</li>
        ) : null}
      </ul>
    </div>
  );
}
