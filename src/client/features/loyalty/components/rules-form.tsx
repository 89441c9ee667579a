import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { EARNING_INTERVAL_MAX, EARNING_INTERVAL_MIN, LOYALTY_MESSAGES, RATING_THRESHOLD_MAX, RATING_THRESHOLD_MIN, ZPointsRulesRequest, type TPointsRules } from '../../../../shared/schemas/loyalty';
import { useSaveRules } from '../api/save-rules';
import { RulesPreview } from './rules-preview';
import { toastError } from '../../../lib/toast';

const FIELDS: Array<{ key: keyof TPointsRules; label: string; hint: string; min: number; max: number }> = [
  { key: 'basePoints', label: 'Points par visite', hint: 'Gagnés à chaque avis.', min: 0, max: 1000 },
  { key: 'bonusGoodRating', label: 'Bonus bonne note', hint: 'Ajoutés à partir du seuil.', min: 0, max: 1000 },
  { key: 'ratingThreshold', label: 'Seuil de bonne note (étoiles)', hint: 'Entre 3 et 5.', min: RATING_THRESHOLD_MIN, max: RATING_THRESHOLD_MAX },
  { key: 'maxPointsPerDay', label: 'Plafond de points par jour', hint: 'Par client, anti-abus.', min: 0, max: 100_000 },
  {
    key: 'earningIntervalHours',
    label: 'Intervalle entre deux visites (heures)',
    hint: 'Après un avis qui rapporte des points, les avis suivants de la même personne n’en rapportent pas pendant ce délai. 0 : pas d’intervalle.',
    min: EARNING_INTERVAL_MIN,
    max: EARNING_INTERVAL_MAX,
  },
];

/** The points rules editor: integers only, the threshold kept between 3 and 5 (spec §5). */
export function RulesForm({ rules }: { rules: TPointsRules }) {
  const [values, setValues] = useState<Record<keyof TPointsRules, string>>(() => ({
    basePoints: String(rules.basePoints),
    bonusGoodRating: String(rules.bonusGoodRating),
    ratingThreshold: String(rules.ratingThreshold),
    maxPointsPerDay: String(rules.maxPointsPerDay),
    earningIntervalHours: String(rules.earningIntervalHours),
  }));
  const save = useSaveRules();
  const parsed = ZPointsRulesRequest.safeParse(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim() === '' ? NaN : Number(value)])));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      toast.error('Erreur de validation', { description: parsed.error.issues[0]?.message });
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      toast.success(LOYALTY_MESSAGES.rulesSaved);
    } catch (error) {
      toastError(LOYALTY_MESSAGES.failure, error);
    }
  };

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <h2 className="text-lg font-semibold">Règles de points</h2>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <div key={field.key} className="flex flex-col gap-1.5">
              <Label htmlFor={`rule-${field.key}`}>{field.label}</Label>
              <Input
                id={`rule-${field.key}`}
                type="number"
                inputMode="numeric"
                step={1}
                min={field.min}
                max={field.max}
                value={values[field.key]}
                aria-describedby={`rule-${field.key}-hint`}
                onChange={(event) => {
                  // Integers only: decimals and signs typed into the field are dropped.
                  const digits = event.target.value.replace(/[^0-9]/g, '');
                  const clamped = field.key === 'ratingThreshold' && digits !== '' ? String(Math.min(field.max, Math.max(field.min, Number(digits.slice(-1))))) : digits;
                  setValues((current) => ({ ...current, [field.key]: clamped }));
                }}
              />
              <p id={`rule-${field.key}-hint`} className="text-xs text-stone-500">
                {field.hint}
              </p>
            </div>
          ))}
        </div>
        <Button type="submit" className="self-start" disabled={save.isPending}>
          Enregistrer les règles
        </Button>
      </form>
      {parsed.success ? <RulesPreview rules={parsed.data} /> : null}
    </Card>
  );
}
