import { ExternalLink, Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, firstErrorMessage, toastErrorTitle } from '../../../lib/toast';
import { checkReviewUrl, REVIEW_LINK_MESSAGES } from '../../../../shared/rules/review-url';
import { ZReviewUrlRequest } from '../../../../shared/schemas/review-link';
import { useSaveReviewLink } from '../api/save-review-link';
import { testReviewLink } from '../api/test-review-link';

/** The shared request, and the link's shape checked here first (same rules as the server); empty removes the link. */
const ZManualLinkForm = ZReviewUrlRequest.refine(({ url }) => url.trim() === '' || checkReviewUrl(url).ok, { message: REVIEW_LINK_MESSAGES.invalidOnSave, path: ['url'] });
type TManualLinkForm = { url: string };

/** Manual entry: Test checks the shape and opens the link, Save stores it (empty removes it). */
export function ManualLinkForm({ current }: { current: string | null }) {
  const form = useForm<TManualLinkForm>({ resolver: zodResolver(ZManualLinkForm), defaultValues: { url: current ?? '' } });
  const value = useWatch({ control: form.control, name: 'url' });
  const setValue = (url: string) => form.setValue('url', url);
  const [testing, setTesting] = useState(false);
  const save = useSaveReviewLink();

  const test = async () => {
    // Checked here first (same rules as the server), so the new tab opens within the click.
    const local = checkReviewUrl(value);
    if (!local.ok) {
      toastErrorTitle(REVIEW_LINK_MESSAGES.invalidOnTest);
      return;
    }
    const opened = window.open(local.url, '_blank', 'noopener');
    setTesting(true);
    try {
      const answer = await testReviewLink(value);
      toast.success(answer.message);
    } catch (error) {
      opened?.close();
      toastErrorTitle(errorMessage(error) ?? REVIEW_LINK_MESSAGES.invalidOnTest);
    } finally {
      setTesting(false);
    }
  };

  // Every message of this card is the toast's title (spec §8), the invalid link's too.
  const submit = form.handleSubmit(
    async ({ url }) => {
      try {
        const answer = await save.mutateAsync(url);
        setValue(answer.reviewUrl ?? '');
        toast.success(answer.message);
      } catch (error) {
        toastErrorTitle(error instanceof ApiError && error.status === 400 ? error.message : REVIEW_LINK_MESSAGES.saveFailed);
      }
    },
    (errors) => toastErrorTitle(firstErrorMessage(errors, ['url']) ?? REVIEW_LINK_MESSAGES.invalidOnSave),
  );

  const remove = async () => {
    try {
      await save.mutateAsync('');
      setValue('');
      toast.success(REVIEW_LINK_MESSAGES.removed);
    } catch {
      toastErrorTitle(REVIEW_LINK_MESSAGES.removeFailed);
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
            maxLength={2000}
            {...form.register('url')}
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
