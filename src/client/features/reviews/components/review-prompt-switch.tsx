import { toast } from 'sonner';
import { Card } from '../../../components/ui/card';
import { Label } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { toastError } from '../../../lib/toast';
import { useSetReviewPrompt } from '../api/set-review-prompt';

/** « Proposer l’avis public à tous les clients »: the review button after every rating, not only 4 and 5 stars. */
export function ReviewPromptSwitch({ enabled }: { enabled: boolean }) {
  const m = useOwnerMessages();
  const setPrompt = useSetReviewPrompt();
  return (
    <Card className="flex flex-col gap-2 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor="review-prompt-all" className="text-base font-semibold">
          {m.reviews_prompt_label()}
        </Label>
        <Switch
          id="review-prompt-all"
          checked={enabled}
          disabled={setPrompt.isPending}
          onCheckedChange={async (checked) => {
            try {
              await setPrompt.mutateAsync(checked);
              toast.success(m.reviews_prompt_saved());
            } catch (error) {
              toastError(m.reviews_prompt_failed(), error);
            }
          }}
        />
      </div>
      <p className="text-sm text-stone-600">{m.reviews_prompt_help()}</p>
    </Card>
  );
}
