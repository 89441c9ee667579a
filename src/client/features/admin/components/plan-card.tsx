import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { formatCount, formatDateFr } from '../../../../shared/format';
import { isPlanId, LIMIT_KEYS, PLAN_IDS, PLANS, type PlanId } from '../../../../shared/rules/plans';
import { LIMIT_LABELS } from '../../../../shared/schemas/plans';
import { toastError } from '../../../lib/toast';
import { useSetOrganisationPlan } from '../api/set-plan';
import type { AdminOrganisationDetail } from '../api/get-restaurant';
import { lastTrialDay, limitFields, readLimitOverrides, trialEndFromDay, type LimitFields } from './plan-form';

type PlanView = AdminOrganisationDetail['organisation']['plan'];

/** The effective plan as one French phrase: « Pro · essai jusqu’au 10 décembre 2026 », « Essentielle · actif », « essai terminé ». */
export function planStateFr(effective: { state: string; plan: string; trialEndsAt: string | null }): string {
  const name = isPlanId(effective.plan) ? PLANS[effective.plan].name.fr : effective.plan;
  if (effective.state === 'active') return `${name} · actif`;
  if (effective.state === 'trial') return `${name} · essai jusqu’au ${effective.trialEndsAt ? formatDateFr(effective.trialEndsAt) : '—'}`;
  return `Essai terminé${effective.trialEndsAt ? ` le ${formatDateFr(effective.trialEndsAt)}` : ''}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const limitText = (limit: number | null) => (limit === null ? 'illimité' : formatCount(limit));

/**
 * « Forfait » (decision 057): the plan that applies and its state, and the form that sets the plan (or none,
 * the trial then applies), the trial's last day and the limits overridden one by one (empty: the plan's).
 */
export function PlanCard({ organisationId, plan }: { organisationId: string; plan: PlanView }) {
  const id = useId();
  const save = useSetOrganisationPlan(organisationId);
  const [planId, setPlanId] = useState<string>(plan.plan ?? '');
  const [trialDay, setTrialDay] = useState(lastTrialDay(plan.trialEndsAt));
  const [limits, setLimits] = useState(() => limitFields(plan.limitOverrides));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readLimitOverrides(limits);
    if ('invalid' in read) {
      setError(`Limite invalide : ${LIMIT_LABELS[read.invalid]}`);
      return;
    }
    const limitOverrides = read.overrides;
    setError(null);
    save.mutate(
      { plan: isPlanId(planId) ? planId : null, trialEndsAt: trialEndFromDay(trialDay), limitOverrides },
      {
        onSuccess: () => toast.success('Forfait enregistré'),
        onError: (failure) => toastError('Erreur lors de l’enregistrement du forfait', failure),
      },
    );
  }

  const basePlan = isPlanId(planId) ? planId : plan.effective.plan;
  return (
    <Card data-testid="plan-card">
      <CardHeader>
        <CardTitle>Forfait</CardTitle>
        <CardDescription aria-live="polite" data-testid="plan-state">
          {planStateFr(plan.effective)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="mb-4 grid grid-cols-3 gap-2 text-sm">
          {LIMIT_KEYS.map((key) => (
            <div key={key}>
              <dt className="text-stone-500">{capitalised(LIMIT_LABELS[key])}</dt>
              <dd className="font-medium">{limitText(plan.effective.limits[key])}</dd>
            </div>
          ))}
        </dl>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-plan`}>Forfait</Label>
            <NativeSelect id={`${id}-plan`} value={planId} onChange={(event) => setPlanId(event.target.value)}>
              {PLAN_IDS.map((option) => (
                <option key={option} value={option}>
                  {PLANS[option].name.fr}
                </option>
              ))}
              <option value="">Aucun (essai)</option>
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-trial`}>Dernier jour d’essai</Label>
            <Input id={`${id}-trial`} type="date" value={trialDay} onChange={(event) => setTrialDay(event.target.value)} />
          </div>
          <LimitInputs id={id} basePlan={basePlan} limits={limits} onChange={setLimits} />
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Enregistrement…' : 'Enregistrer le forfait'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The limits overridden one by one: a number, « illimité », or empty for the plan's own (shown as the placeholder). */
function LimitInputs({ id, basePlan, limits, onChange }: { id: string; basePlan: PlanId; limits: LimitFields; onChange: (limits: LimitFields) => void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Limites (vide : celles du forfait {PLANS[basePlan].name.fr})</legend>
      {LIMIT_KEYS.map((key) => (
        <div key={key} className="flex flex-col gap-1">
          <Label htmlFor={`${id}-${key}`} className="text-sm">
            {capitalised(LIMIT_LABELS[key])}
          </Label>
          <div className="flex items-center gap-3">
            <Input
              id={`${id}-${key}`}
              inputMode="numeric"
              className="w-32"
              placeholder={limitText(PLANS[basePlan].limits[key])}
              value={limits[key].value}
              disabled={limits[key].unlimited}
              onChange={(event) => onChange({ ...limits, [key]: { ...limits[key], value: event.target.value } })}
            />
            <label className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={limits[key].unlimited}
                onChange={(event) => onChange({ ...limits, [key]: { ...limits[key], unlimited: event.target.checked } })}
              />
              illimité
            </label>
          </div>
        </div>
      ))}
    </fieldset>
  );
}
