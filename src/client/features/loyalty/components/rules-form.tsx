import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { onInvalid, toastError } from '../../../lib/toast';
import { localized, useOwnerMessages } from '../../../lib/owner-locale';
import type { OwnerMessages } from '../../../../shared/i18n/owner';
import { EARNING_INTERVAL_MAX, EARNING_INTERVAL_MIN, LOYALTY_MESSAGES, RATING_THRESHOLD_MAX, RATING_THRESHOLD_MIN, ZPointsRulesRequest, type TPointsRules } from '../../../../shared/schemas/loyalty';
import { useSaveRules } from '../api/save-rules';
import { RulesPreview } from './rules-preview';

type Words = (m: OwnerMessages) => string;
const FIELDS: Array<{ key: keyof TPointsRules; label: Words; hint: Words; min: number; max: number }> = [
  { key: 'basePoints', label: (m) => m.loyalty_base_points(), hint: (m) => m.loyalty_base_points_hint(), min: 0, max: 1000 },
  { key: 'bonusGoodRating', label: (m) => m.loyalty_bonus(), hint: (m) => m.loyalty_bonus_hint(), min: 0, max: 1000 },
  { key: 'ratingThreshold', label: (m) => m.loyalty_threshold(), hint: (m) => m.loyalty_threshold_hint(), min: RATING_THRESHOLD_MIN, max: RATING_THRESHOLD_MAX },
  { key: 'maxPointsPerDay', label: (m) => m.loyalty_daily_cap(), hint: (m) => m.loyalty_daily_cap_hint(), min: 0, max: 100_000 },
  { key: 'earningIntervalHours', label: (m) => m.loyalty_interval(), hint: (m) => m.loyalty_interval_hint(), min: EARNING_INTERVAL_MIN, max: EARNING_INTERVAL_MAX },
];

/** A number field as typed: its digits, read as a number ('' is not one). */
const typedNumber = z.string().transform((value) => (value.trim() === '' ? NaN : Number(value)));
/** The form's fields as typed, read through the shared request schema. */
const ZRulesForm = z
  .object({ basePoints: typedNumber, bonusGoodRating: typedNumber, ratingThreshold: typedNumber, maxPointsPerDay: typedNumber, earningIntervalHours: typedNumber.optional() })
  .pipe(ZPointsRulesRequest);
type TRulesForm = z.input<typeof ZRulesForm>;

/** Integers only: decimals and signs typed into the field are dropped; the threshold keeps its last digit, within 3 to 5. */
function sanitize(field: (typeof FIELDS)[number], typed: string): string {
  const digits = typed.replace(/[^0-9]/g, '');
  return field.key === 'ratingThreshold' && digits !== '' ? String(Math.min(field.max, Math.max(field.min, Number(digits.slice(-1))))) : digits;
}

/** The points rules editor: integers only, the threshold kept between 3 and 5 (spec §5). */
export function RulesForm({ rules }: { rules: TPointsRules }) {
  const m = useOwnerMessages();
  const form = useForm<TRulesForm, unknown, z.output<typeof ZRulesForm>>({
    resolver: zodResolver(ZRulesForm),
    defaultValues: {
      basePoints: String(rules.basePoints),
      bonusGoodRating: String(rules.bonusGoodRating),
      ratingThreshold: String(rules.ratingThreshold),
      maxPointsPerDay: String(rules.maxPointsPerDay),
      earningIntervalHours: String(rules.earningIntervalHours),
    },
  });
  const save = useSaveRules();
  // The preview follows what is typed, shown while the rules read as valid.
  const preview = ZRulesForm.safeParse(useWatch({ control: form.control }));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(localized(LOYALTY_MESSAGES.rulesSaved));
    } catch (error) {
      toastError(localized(LOYALTY_MESSAGES.failure), error);
    }
  }, onInvalid(FIELDS.map((field) => field.key)));

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <h2 className="text-lg font-semibold">{m.loyalty_rules_title()}</h2>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {FIELDS.map((field) => {
            const registered = form.register(field.key);
            return (
              <div key={field.key} className="flex flex-col gap-1.5">
                <Label htmlFor={`rule-${field.key}`}>{field.label(m)}</Label>
                <Input
                  id={`rule-${field.key}`}
                  type="number"
                  inputMode="numeric"
                  step={1}
                  min={field.min}
                  max={field.max}
                  aria-describedby={`rule-${field.key}-hint`}
                  {...registered}
                  onChange={(event) => {
                    event.target.value = sanitize(field, event.target.value);
                    return registered.onChange(event);
                  }}
                />
                <p id={`rule-${field.key}-hint`} className="text-xs text-stone-500">
                  {field.hint(m)}
                </p>
              </div>
            );
          })}
        </div>
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {m.loyalty_save_rules()}
        </Button>
      </form>
      {preview.success ? <RulesPreview rules={preview.data} /> : null}
    </Card>
  );
}
