import { ExternalLink, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { checkReviewUrl, REVIEW_LINK_MESSAGES } from '../../../../shared/rules/review-url';
import { useSaveReviewLink } from '../api/save-review-link';
import { testReviewLink } from '../api/test-review-link';

/** Manual entry: Test checks the shape and opens the link, Save stores it (empty removes it). */
export function ManualLinkForm({ current }: { current: string | null }) {
  const [value, setValue] = useState(current ?? '');
  const [testing, setTesting] = useState(false);
  const save = useSaveReviewLink();

  const test = async () => {
    // Checked here first (same rules as the server), so the new tab opens within the click.
    const local = checkReviewUrl(value);
    if (!local.ok) {
      toast.error(REVIEW_LINK_MESSAGES.invalidOnTest);
      return;
    }
    const opened = window.open(local.url, '_blank', 'noopener');
    setTesting(true);
    try {
      const answer = await testReviewLink(value);
      toast.success(answer.message);
    } catch (error) {
      opened?.close();
      toast.error(error instanceof Error ? error.message : REVIEW_LINK_MESSAGES.invalidOnTest);
    } finally {
      setTesting(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checkReviewUrl(value).ok && value.trim() !== '') {
      toast.error(REVIEW_LINK_MESSAGES.invalidOnSave);
      return;
    }
    try {
      const answer = await save.mutateAsync(value);
      setValue(answer.reviewUrl ?? '');
      toast.success(answer.message);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 400 ? error.message : REVIEW_LINK_MESSAGES.saveFailed);
    }
  };

  const remove = async () => {
    try {
      await save.mutateAsync('');
      setValue('');
      toast.success(REVIEW_LINK_MESSAGES.removed);
    } catch {
      toast.error(REVIEW_LINK_MESSAGES.removeFailed);
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold">Saisie manuelle</h2>
        <p className="text-sm text-stone-600">Collez le lien « Donner un avis » de votre fiche Google.</p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="review-url">Lien d’avis Google</Label>
          <Input
            id="review-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://g.page/r/…/review"
            value={value}
            maxLength={2000}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => void test()} disabled={testing || value.trim() === ''}>
            <ExternalLink aria-hidden="true" />
            Tester
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Enregistrer
          </Button>
          {current ? (
            <ConfirmDialog
              trigger={
                <Button type="button" variant="ghost" className="text-red-700 hover:bg-red-50" disabled={save.isPending}>
                  <Trash2 aria-hidden="true" />
                  Retirer le lien
                </Button>
              }
              title="Retirer le lien d’avis ?"
              description="Vos clients satisfaits ne verront plus le bouton pour laisser un avis public, jusqu’à ce que vous enregistriez un nouveau lien."
              confirmLabel="Retirer"
              onConfirm={remove}
            />
          ) : null}
        </div>
      </form>
    </Card>
  );
}
