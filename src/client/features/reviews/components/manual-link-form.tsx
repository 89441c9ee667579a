import { ExternalLink } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { localized, useOwnerMessages } from '../../../lib/owner-locale';
import { errorMessage, firstErrorMessage, toastErrorTitle } from '../../../lib/toast';
import { checkReviewUrl, REVIEW_LINK_MESSAGES } from '../../../../shared/rules/review-url';
import { ZReviewUrlRequest } from '../../../../shared/schemas/review-link';
import { useSaveReviewLink } from '../api/save-review-link';
import { testReviewLink } from '../api/test-review-link';
import { RemoveLinkButton } from './remove-link-button';

/** The shared request, and the link's shape checked here first (same rules as the server); empty removes the link. */
const ZManualLinkForm = ZReviewUrlRequest.refine(({ url }) => url.trim() === '' || checkReviewUrl(url).ok, { message: REVIEW_LINK_MESSAGES.invalidOnSave, path: ['url'] });
type TManualLinkForm = { url: string };

/** Manual entry: Test checks the shape and opens the link, Save stores it (empty removes it). */
export function ManualLinkForm({ current }: { current: string | null }) {
  const m = useOwnerMessages();
  const form = useForm<TManualLinkForm>({ resolver: zodResolver(ZManualLinkForm), defaultValues: { url: current ?? '' } });
  const value = useWatch({ control: form.control, name: 'url' });
  const setValue = (url: string) => form.setValue('url', url);
  const [testing, setTesting] = useState(false);
  const save = useSaveReviewLink();

  const test = async () => {
    // Checked here first (same rules as the server), so the new tab opens within the click.
    const local = checkReviewUrl(value);
    if (!local.ok) {
      toastErrorTitle(localized(REVIEW_LINK_MESSAGES.invalidOnTest));
      return;
    }
    const opened = window.open(local.url, '_blank', 'noopener');
    setTesting(true);
    try {
      const answer = await testReviewLink(value);
      toast.success(answer.message);
    } catch (error) {
      opened?.close();
      toastErrorTitle(errorMessage(error) ?? localized(REVIEW_LINK_MESSAGES.invalidOnTest));
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
        toastErrorTitle(error instanceof ApiError && error.status === 400 ? error.message : localized(REVIEW_LINK_MESSAGES.saveFailed));
      }
    },
    (errors) => toastErrorTitle(localized(firstErrorMessage(errors, ['url']) ?? REVIEW_LINK_MESSAGES.invalidOnSave)),
  );

  const remove = async () => {
    try {
      await save.mutateAsync('');
      setValue('');
      toast.success(localized(REVIEW_LINK_MESSAGES.removed));
    } catch {
      toastErrorTitle(localized(REVIEW_LINK_MESSAGES.removeFailed));
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold">{m.reviews_manual_title()}</h2>
        <p className="text-sm text-stone-600">{m.reviews_manual_description()}</p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="review-url">{m.reviews_manual_label()}</Label>
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
            {m.reviews_manual_test()}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {m.reviews_manual_save()}
          </Button>
          {current ? <RemoveLinkButton busy={save.isPending} onConfirm={remove} /> : null}
        </div>
      </form>
    </Card>
  );
}
