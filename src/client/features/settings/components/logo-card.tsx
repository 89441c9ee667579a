import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { Button, buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toastError, toastErrorTitle } from '../../../lib/toast';
import { ACCEPTED_IMAGE_FORMATS, ACCEPTED_IMAGE_MIME_TYPES } from '../../../../shared/rules/images';
import { SETTINGS_MESSAGES, type TSettings } from '../../../../shared/schemas/settings';
import { checkImageFile } from '../../../lib/upload-image';
import { localized, useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { LOCALE_TAGS } from '../../../../shared/format';
import { useRemoveLogo, useUploadLogo } from '../api/logo';

/** The logo: shown on the diner pages, the printed table cards and the emails. */
export function LogoCard({ settings }: { settings: TSettings }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const helpId = useId();
  const busy = upload.isPending || remove.isPending;

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toastErrorTitle(localized(problem));
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success(localized(SETTINGS_MESSAGES.logoSaved));
    } catch (error) {
      toastError(m.venues_logo_refused(), error);
    }
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync();
      toast.success(localized(SETTINGS_MESSAGES.logoRemoved));
    } catch (error) {
      toastError(m.venues_logo_remove_failed(), error);
    }
  };

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold">{m.venues_logo_title()}</h2>
        <p id={helpId} className="text-sm text-stone-600">
          {m.venues_logo_help({ formats: new Intl.ListFormat(LOCALE_TAGS[locale], { type: 'disjunction' }).format(ACCEPTED_IMAGE_FORMATS.split(/, | ou /)) })}
        </p>
      </div>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-stone-200 bg-stone-50" data-testid="settings-logo-preview">
          {settings.logoUrl ? (
            <img src={settings.logoUrl} alt={m.venues_logo_alt({ name: settings.name })} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-sm text-stone-500">{m.venues_logo_none()}</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {/* The file input itself takes focus and keys; its label is drawn as the button. */}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPTED_IMAGE_MIME_TYPES.join(',')}
            className="peer sr-only"
            aria-describedby={helpId}
            disabled={busy}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
          <label
            htmlFor={inputId}
            className={cn(
              buttonVariants({ variant: 'outline' }),
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
            )}
          >
            <ImageUp aria-hidden="true" />
            {upload.isPending ? m.venues_logo_uploading() : settings.logoUrl ? m.venues_logo_change() : m.venues_logo_add()}
          </label>
          {settings.logoUrl ? (
            <ConfirmDialog
              trigger={
                <Button type="button" variant="ghost" className="text-red-700 hover:bg-red-50" disabled={busy}>
                  <Trash2 aria-hidden="true" />
                  {m.venues_logo_remove()}
                </Button>
              }
              title={localized(SETTINGS_MESSAGES.removeLogoConfirm)}
              description={m.venues_logo_remove_description()}
              confirmLabel={m.venues_logo_remove()}
              onConfirm={onRemove}
            />
          ) : null}
        </div>
      </div>
    </Card>
  );
}
