import { useId } from 'react';
import { Input, Label } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/native-select';
import { VENUE_PERIODS, type TVenuePeriod } from '../../../../shared/schemas/venues';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { periodLabel } from '../format';
import type { SynthesisPeriod } from '../api/get-synthesis';

/** The period of the consolidated view: 7, 30 or 90 days, or two dates (as /avis chooses its dates). */
export function PeriodFilter({ value, onChange }: { value: SynthesisPeriod; onChange: (next: SynthesisPeriod) => void }) {
  const m = useOwnerMessages();
  const id = useId();
  const options = VENUE_PERIODS.map((period) => [period, periodLabel(m, period)] as const);
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <SelectField
        id={`${id}-period`}
        label={m.venues_period()}
        value={value.period}
        options={options}
        onChange={(period) => onChange(period === 'custom' ? { ...value, period: 'custom' } : { period: (period ?? '30d') as TVenuePeriod })}
      />
      {value.period === 'custom' ? (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-from`}>{m.venues_period_from()}</Label>
            <Input id={`${id}-from`} type="date" value={value.from ?? ''} max={value.to} onChange={(event) => onChange({ ...value, from: event.target.value || undefined })} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-to`}>{m.venues_period_to()}</Label>
            <Input id={`${id}-to`} type="date" value={value.to ?? ''} min={value.from} onChange={(event) => onChange({ ...value, to: event.target.value || undefined })} />
          </div>
        </>
      ) : null}
    </div>
  );
}
