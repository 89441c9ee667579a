import { computeRawPoints } from '../../../../shared/rules/points';
import type { TPointsRulesRequest } from '../../../../shared/schemas/loyalty';

/** What a customer earns with the rules being edited (spec §2's preview example). */
export function RulesPreview({ rules }: { rules: TPointsRulesRequest }) {
  const low = computeRawPoints(Math.max(1, rules.ratingThreshold - 1), rules);
  const high = computeRawPoints(rules.ratingThreshold, rules);
  return (
    <div className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm" data-testid="rules-preview" aria-live="polite">
      <p className="font-medium text-brand-900">Aperçu côté client</p>
      <ul className="mt-2 flex flex-col gap-1 text-stone-800">
        <li>
          Note en dessous de {rules.ratingThreshold} étoiles : <strong>+{low} points</strong>
        </li>
        <li>
          Note de {rules.ratingThreshold} étoiles ou plus : <strong>+{high} points</strong> ({rules.basePoints} + {rules.bonusGoodRating} de bonus)
        </li>
        <li>Au plus {rules.maxPointsPerDay} points par jour et par client.</li>
        {rules.earningIntervalHours ? (
          <li>
            Au plus une visite qui rapporte des points toutes les {rules.earningIntervalHours} {rules.earningIntervalHours > 1 ? 'heures' : 'heure'}.
          </li>
        ) : null}
      </ul>
    </div>
  );
}
