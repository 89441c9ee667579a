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
import { localized, useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';

const failure = (error: unknown) => toastError(localized(LOYALTY_MESSAGES.failure), error);

/** The form's fields as typed (the cost as its digits), read through the shared request schema. */
const ZCreateRewardForm = z
  .object({ label: z.string(), description: z.string().nullish(), cost: z.string().transform((cost) => (cost === '' ? NaN : Number(cost))).optional() })
  .pipe(ZCreateRewardRequest);
type TCreateRewardForm = z.input<typeof ZCreateRewardForm>;
const EMPTY_REWARD: TCreateRewardForm = { label: '', description: '', cost: String(DEFAULT_REWARD_COST) };

function CreateRewardForm() {
  const m = useOwnerMessages();
  const create = useCreateReward();
  const form = useForm<TCreateRewardForm, unknown, z.output<typeof ZCreateRewardForm>>({ resolver: zodResolver(ZCreateRewardForm), defaultValues: EMPTY_REWARD });
  const label = useWatch({ control: form.control, name: 'label' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(localized(LOYALTY_MESSAGES.rewardCreated));
      form.reset(EMPTY_REWARD);
    } catch (error) {
      failure(error);
    }
  }, onInvalid(['label', 'description', 'cost']));
  const costField = form.register('cost');
  return (
    <form onSubmit={onSubmit} className="grid grid-cols-1 gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-end" noValidate>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="reward-label">{m.loyalty_reward_label()}</Label>
        <Input id="reward-label" placeholder={m.loyalty_reward_placeholder()} maxLength={80} {...form.register('label')} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="reward-description">{m.loyalty_description_label()}</Label>
        <Input id="reward-description" placeholder={m.loyalty_description_placeholder()} maxLength={200} {...form.register('description')} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="reward-cost">{m.loyalty_cost_label()}</Label>
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
        {m.loyalty_create()}
      </Button>
    </form>
  );
}

function RewardRow({ reward }: { reward: TReward }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const setActive = useSetRewardActive();
  const remove = useDeleteReward();
  const switchId = `reward-active-${reward.id}`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="reward-row">
      <Gift className={`size-5 shrink-0 ${reward.isActive ? 'text-brand-700' : 'text-stone-400'}`} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{reward.label}</p>
        <p className="text-sm text-stone-600">
          {m.loyalty_reward_cost({ count: reward.cost, shown: formatCount(reward.cost, locale) })}{reward.description ? ` · ${reward.description}` : ''}
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
              toast.success(localized(LOYALTY_MESSAGES.rewardStatusChanged));
            } catch (error) {
              failure(error);
            }
          }}
        />
        <Label htmlFor={switchId} className="w-14 text-sm">
          {reward.isActive ? m.loyalty_reward_active() : m.loyalty_reward_inactive()}
        </Label>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" aria-label={m.loyalty_delete_label({ label: reward.label })}>
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title={m.loyalty_delete_title()}
          description={m.loyalty_delete_description({ label: reward.label })}
          confirmLabel={m.loyalty_delete_confirm()}
          pending={remove.isPending}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(reward.id);
              toast.success(localized(LOYALTY_MESSAGES.rewardDeleted));
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
  const m = useOwnerMessages();
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold">{m.loyalty_catalogue_title()}</h2>
        <p className="text-sm text-stone-600">{m.loyalty_catalogue_intro()}</p>
      </div>
      <CreateRewardForm />
      {rewards.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">{m.loyalty_catalogue_empty()}</p>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label={m.loyalty_rewards_label()}>
          {rewards.map((reward) => (
            <RewardRow key={reward.id} reward={reward} />
          ))}
        </ul>
      )}
    </Card>
  );
}
