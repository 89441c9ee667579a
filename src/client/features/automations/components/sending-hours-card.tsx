import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { onInvalid, toastError } from '../../../lib/toast';
import { AUTOMATION_MESSAGES, ZSendingHours, type TSendingHours } from '../../../../shared/schemas/automations';
import { useSaveSendingHours } from '../api/sending-hours';

const hourLabel = (hour: number) => (hour === 24 ? 'minuit (24 h)' : `${hour} h`);
const START_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const END_HOURS = Array.from({ length: 24 }, (_, hour) => hour + 1);

/**
 * The sending hours of the emails planned for later (3-day nudge, 30-day 'we miss you'): whole hours,
 * Paris time; an email due outside them leaves at the next opening (decision 025).
 */
export function SendingHoursCard({ hours }: { hours: TSendingHours }) {
  // Checked as the member chooses (the error shows under the fields); each hour re-checks the other.
  const form = useForm<TSendingHours>({ resolver: zodResolver(ZSendingHours), defaultValues: hours, mode: 'onChange' });
  const values = useWatch({ control: form.control });
  const save = useSaveSendingHours();
  const { errors } = form.formState;
  const error = errors.start?.message ?? errors.end?.message ?? null;
  const changed = values.start !== hours.start || values.end !== hours.end;

  const onSubmit = form.handleSubmit(async (checked) => {
    try {
      await save.mutateAsync(checked);
      toast.success(AUTOMATION_MESSAGES.sendingHoursSaved);
    } catch (failure) {
      toastError(AUTOMATION_MESSAGES.sendingHoursFailed, failure);
    }
  }, onInvalid(['start', 'end']));

  return (
    <Card className="h-fit min-w-0 p-4 sm:p-5">
      <h2 id="sending-hours-title" className="text-lg font-semibold">
        Horaires d’envoi
      </h2>
      <p id="sending-hours-hint" className="mt-1 text-sm text-stone-600">
        Les relances à 3 jours et à 30 jours partent dans cette plage (heure de Paris). Prévue en dehors, une relance attend l’ouverture suivante. Les
        remerciements, récompenses et alertes partent tout de suite.
      </p>
      <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-3" aria-labelledby="sending-hours-title" noValidate>
        <div className="grid grid-cols-2 gap-3">
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor="sending-hours-start">À partir de</Label>
            <NativeSelect
              id="sending-hours-start"
              aria-describedby="sending-hours-hint"
              {...form.register('start', { valueAsNumber: true, deps: ['end'] })}
            >
              {START_HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor="sending-hours-end">Jusqu’à</Label>
            <NativeSelect
              id="sending-hours-end"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'sending-hours-error' : 'sending-hours-hint'}
              {...form.register('end', { valueAsNumber: true, deps: ['start'] })}
            >
              {END_HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {error ? (
          <p id="sending-hours-error" role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="self-start" disabled={!!error || !changed || save.isPending}>
          Enregistrer les horaires
        </Button>
      </form>
    </Card>
  );
}
