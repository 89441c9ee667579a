import { Gift, Plus, Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input, Label } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { onInvalid, toastError } from '../../../lib/toast';
import { DEFAULT_REWARD_COST, LOYALTY_MESSAGES, ZCreateRewardRequest, type TReward } from '../../../../shared/schemas/loyalty';
import { useCreateReward } from '../api/create-reward';
import { useDeleteReward } from '../api/delete-reward';
import { useSetRewardActive } from '../api/set-reward-active';
import { formatCount } from '../../../../shared/format';

const failure = (error: unknown) => toastError(LOYALTY_MESSAGES.failure, error);

/** The form's fields as typed (the cost as its digits), read through the shared request schema. */
const ZCreateRewardForm = z
  .object({ label: z.string(), description: z.string().nullish(), cost: z.string().transform((cost) => (cost === '' ? NaN : Number(cost))).optional() })
  .pipe(ZCreateRewardRequest);
type TCreateRewardForm = z.input<typeof ZCreateRewardForm>;
const EMPTY_REWARD: TCreateRewardForm = { label: '', description: '', cost: String(DEFAULT_REWARD_COST) };

function CreateRewardForm() {
  const create = useCreateReward();
  const form = useForm<TCreateRewardForm, unknown, z.output<typeof ZCreateRewardForm>>({ resolver: zodResolver(ZCreateRewardForm), defaultValues: EMPTY_REWARD });
  const label = useWatch({ control: form.control, name: 'label' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(LOYALTY_MESSAGES.rewardCreated);
      form.reset(EMPTY_REWARD);
    } catch (error) {
      failure(error);
    }
  }, onInvalid(['label', 'description', 'cost']));
  const costField = form.register('cost');
  return (
    <form onSubmit={onSubmit} className="grid grid-cols-1 gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-end" noValidate>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="reward-label">Récompense</Label>
        <Input id="reward-label" placeholder="Café offert" maxLength={80} {...form.register('label')} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="reward-description">Description (optionnelle)</Label>
        <Input id="reward-description" placeholder="Un expresso ou un thé" maxLength={200} {...form.register('description')} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="reward-cost">Coût (points)</Label>
        <Input
          id="reward-cost"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...costField}
          onChange={(event) => {
            // Integers only: decimals and signs typed into the field are dropped.
            event.target.value = event.target.value.replace(/[^0-9]/g, '');
            return costField.onChange(event);
          }}
        />
      </div>
      <Button type="submit" disabled={label.trim() === '' || create.isPending}>
        <Plus aria-hidden="true" />
        Créer
      </Button>
    </form>
  );
}

function RewardRow({ reward }: { reward: TReward }) {
  const setActive = useSetRewardActive();
  const remove = useDeleteReward();
  const switchId = `reward-active-${reward.id}`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="reward-row">
      <Gift className={`size-5 shrink-0 ${reward.isActive ? 'text-brand-700' : 'text-stone-400'}`} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{reward.label}</p>
        <p className="text-sm text-stone-600">
          {formatCount(reward.cost)} points{reward.description ? ` · ${reward.description}` : ''}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Switch
          id={switchId}
          checked={reward.isActive}
          disabled={setActive.isPending}
          onCheckedChange={async (isActive) => {
            try {
              await setActive.mutateAsync({ id: reward.id, isActive });
              toast.success(LOYALTY_MESSAGES.rewardStatusChanged);
            } catch (error) {
              failure(error);
            }
          }}
        />
        <Label htmlFor={switchId} className="w-14 text-sm">
          {reward.isActive ? 'Active' : 'Inactive'}
        </Label>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" aria-label={`Supprimer la récompense « ${reward.label} »`}>
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title="Supprimer cette récompense ?"
          description={`« ${reward.label} » ne pourra plus être débloquée. Les récompenses déjà gagnées par vos clients sont conservées.`}
          confirmLabel="Supprimer"
          pending={remove.isPending}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(reward.id);
              toast.success(LOYALTY_MESSAGES.rewardDeleted);
            } catch (error) {
              failure(error);
            }
          }}
        />
      </div>
    </li>
  );
}

/** The reward catalogue: create, activate or deactivate by switch, delete after confirmation; cheapest first. */
export function RewardCatalogue({ rewards }: { rewards: TReward[] }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold">Catalogue de récompenses</h2>
        <p className="text-sm text-stone-600">Un client débloque une récompense quand ses points atteignent son coût.</p>
      </div>
      <CreateRewardForm />
      {rewards.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">Aucune récompense pour le moment. Créez la première ci-dessus.</p>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label="Récompenses">
          {rewards.map((reward) => (
            <RewardRow key={reward.id} reward={reward} />
          ))}
        </ul>
      )}
    </Card>
  );
}
