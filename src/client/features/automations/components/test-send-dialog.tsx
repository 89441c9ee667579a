import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { authClient } from '../../../lib/auth-client';
import { AUTOMATION_MESSAGES, TRANSLATION_LOCALES, ZAutomationTestRequest, type TAutomation, type TranslationLocale } from '../../../../shared/schemas/automations';
import { LOCALE_NAMES_FR } from '../../../../shared/rules/locale-names';
import { Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { useSendAutomationTest } from '../api/send-automation-test';
import { onInvalid, toastError } from '../../../lib/toast';

/**
 * 'Envoyer un test': the automation with sample data, to the restaurant's contact address (the default)
 * or the signed-in member's own: the only two a test may go to (the server refuses any other).
 */
export function TestSendDialog({
  automation,
  defaultTo,
  open,
  onOpenChange,
}: {
  automation: TAutomation;
  /** The restaurant's contact email. */
  defaultTo: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const groupId = useId();
  const send = useSendAutomationTest();
  const session = authClient.useSession();
  const memberEmail = session.data?.user.email ?? '';
  const options = [
    { value: defaultTo, label: 'Adresse du restaurant' },
    { value: memberEmail, label: 'Votre adresse' },
  ].filter((option, index, all) => option.value && all.findIndex((other) => other.value.toLowerCase() === option.value.toLowerCase()) === index);
  // The restaurant's address each time the dialog opens, until the member picks the other one.
  const initial = defaultTo || memberEmail;
  const form = useForm({ resolver: zodResolver(ZAutomationTestRequest), defaultValues: { to: initial, lang: undefined as TranslationLocale | undefined } });
  useEffect(() => {
    if (open) form.reset({ to: initial, lang: undefined });
  }, [open, initial, form]);
  const to = useWatch({ control: form.control, name: 'to' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ id: automation.id, to: values.to, lang: values.lang });
      toast.success(AUTOMATION_MESSAGES.testSent, { description: values.to });
      onOpenChange(false);
    } catch (sendError) {
      toastError(AUTOMATION_MESSAGES.testFailed, sendError);
    }
  }, onInvalid(['to']));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>Envoyer un test : {automation.name}</DialogTitle>
            <DialogDescription>
              L’email part avec des données d’exemple (Camille, 5 étoiles, 20 points), le pied de page que reçoivent les clients et un objet préfixé « [Test] ».
            </DialogDescription>
          </DialogHeader>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Adresse de destination</legend>
            {options.map((option, index) => (
              <label key={option.value} htmlFor={`${groupId}-${index}`} className="flex items-start gap-2 rounded-lg border border-stone-200 p-3 text-sm has-[:checked]:border-brand-700">
                <input
                  id={`${groupId}-${index}`}
                  type="radio"
                  value={option.value}
                  className="mt-0.5 size-4 accent-brand-700"
                  {...form.register('to')}
                />
                <span className="flex flex-col">
                  <span className="font-medium">{option.label}</span>
                  <span className="break-all text-stone-600">{option.value}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {automation.translatable ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${groupId}-lang`}>Langue du client</Label>
              <NativeSelect id={`${groupId}-lang`} {...form.register('lang', { setValueAs: (value: string) => value || undefined })}>
                <option value="">{LOCALE_NAMES_FR.fr}</option>
                {TRANSLATION_LOCALES.map((lang) => (
                  <option key={lang} value={lang}>
                    {LOCALE_NAMES_FR[lang]}
                    {automation.translations[lang] ? '' : ' (texte français)'}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <DialogFormFooter submitLabel="Envoyer le test" busy={send.isPending} disabled={!to} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
