import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { localized, useOwnerMessages } from '../../../lib/owner-locale';
import { onInvalid, toastError } from '../../../lib/toast';
import { LOCALES } from '../../../../shared/rules/locales';
import { SETTINGS_MESSAGES, type TLanguageSettingsRequest, type TSettings } from '../../../../shared/schemas/settings';
import { useUpdateLanguageSettings } from '../api/update-language-settings';
import { languagesFormOf, localeName, toggleOffered, ZLanguagesForm, type TLanguagesForm } from './languages-form';

/**
 * /parametres, 'Langues' (issue 52): the languages the diner pages offer (French always: the owner's
 * texts are written in it) and the one or two the printed table cards' call to rate is written in.
 */
export function LanguagesCard({ settings }: { settings: TSettings }) {
  const m = useOwnerMessages();
  const form = useForm<TLanguagesForm, unknown, TLanguageSettingsRequest>({ resolver: zodResolver(ZLanguagesForm), defaultValues: languagesFormOf(settings) });
  const save = useUpdateLanguageSettings();
  const offered = useWatch({ control: form.control, name: 'dinerLanguages' });
  const first = useWatch({ control: form.control, name: 'first' });

  const onValid = async (values: TLanguageSettingsRequest) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(languagesFormOf(saved));
      toast.success(localized(SETTINGS_MESSAGES.languagesSaved));
    } catch (error) {
      toastError(m.venues_settings_save_failed(), error);
    }
  };

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold">{m.venues_languages_title()}</h2>
        <p className="text-sm text-stone-600">{m.venues_languages_intro()}</p>
      </div>
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(['dinerLanguages', 'cardLanguages']))} className="flex flex-col gap-5" aria-label={m.venues_languages_title()}>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{m.venues_languages_offered()}</legend>
          <Controller
            control={form.control}
            name="dinerLanguages"
            render={({ field }) => (
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
                {LOCALES.map((lang) => {
                  const id = `settings-diner-language-${lang}`;
                  const checked = field.value.includes(lang);
                  return (
                    <label key={lang} htmlFor={id} className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-200 px-3 text-sm has-[:checked]:border-brand-700">
                      <input
                        id={id}
                        type="checkbox"
                        className="size-4 accent-brand-700"
                        checked={checked}
                        disabled={lang === 'fr'}
                        onChange={(event) => {
                          // A card language no longer offered is dropped from the cards (French stands in first).
                          const next = toggleOffered(form.getValues(), lang, event.target.checked);
                          field.onChange(next.dinerLanguages);
                          if (next.first !== form.getValues('first')) form.setValue('first', next.first);
                          if (next.second !== form.getValues('second')) form.setValue('second', next.second);
                        }}
                      />
                      {localeName(m, lang)}
                    </label>
                  );
                })}
              </div>
            )}
          />
          <p className="text-xs text-stone-600">{m.venues_languages_french_always()}</p>
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{m.venues_languages_cards()}</legend>
          <p className="text-xs text-stone-600">{m.venues_languages_cards_help()}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="settings-card-language-1">{m.venues_languages_first()}</Label>
              <NativeSelect id="settings-card-language-1" {...form.register('first')}>
                {offered.map((lang) => (
                  <option key={lang} value={lang}>
                    {localeName(m, lang)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="settings-card-language-2">{m.venues_languages_second()}</Label>
              <NativeSelect id="settings-card-language-2" {...form.register('second')}>
                <option value="">{m.venues_languages_none()}</option>
                {offered
                  .filter((lang) => lang !== first)
                  .map((lang) => (
                    <option key={lang} value={lang}>
                      {localeName(m, lang)}
                    </option>
                  ))}
              </NativeSelect>
            </div>
          </div>
        </fieldset>
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {save.isPending ? m.venues_saving() : m.venues_languages_save()}
        </Button>
      </form>
    </Card>
  );
}
