import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { AUTOMATION_MESSAGES, ZSendingHours, type TSendingHours } from '../../../../shared/schemas/automations';
import { useSaveSendingHours } from '../api/sending-hours';
import { toastError } from '../../../lib/toast';

const hourLabel = (hour: number) => (hour === 24 ? 'minuit (24 h)' : `${hour} h`);
const START_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const END_HOURS = Array.from({ length: 24 }, (_, hour) => hour + 1);

/**
 * The sending hours of the emails planned for later (3-day nudge, 30-day 'we miss you'): whole hours,
 * Paris time; an email due outside them leaves at the next opening (decision 025).
 */
export function SendingHoursCard({ hours }: { hours: TSendingHours }) {
  const [values, setValues] = useState<TSendingHours>(hours);
  const save = useSaveSendingHours();
  const parsed = ZSendingHours.safeParse(values);
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const changed = values.start !== hours.start || values.end !== hours.end;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
      toast.success(AUTOMATION_MESSAGES.sendingHoursSaved);
    } catch (failure) {
      toastError(AUTOMATION_MESSAGES.sendingHoursFailed, failure);
    }
  };

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
              value={values.start}
              aria-describedby="sending-hours-hint"
              onChange={(event) => setValues((current) => ({ ...current, start: Number(event.target.value) }))}
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
              value={values.end}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'sending-hours-error' : 'sending-hours-hint'}
              onChange={(event) => setValues((current) => ({ ...current, end: Number(event.target.value) }))}
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
