import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { onInvalid, toastError } from '../../../lib/toast';
import { localized, useOwnerMessages } from '../../../lib/owner-locale';
import { NativeSelect } from '../../../components/ui/native-select';
import { ALERT_WINDOW_CHOICES, BRAND_COLOR_PATTERN, SETTINGS_FIELD_ORDER, SETTINGS_MESSAGES, settingsSchema, type TSettings, type TSettingsForm, type TSettingsRequest } from '../../../../shared/schemas/settings';
import { useUpdateSettings } from '../api/update-settings';

/** Name, address, contact email with the alerts' grouping window, phone and brand colour (white label, decision 058) of the restaurant. */
export function SettingsForm({ settings }: { settings: TSettings }) {
  const m = useOwnerMessages();
  const form = useForm<TSettingsForm, unknown, TSettingsRequest>({
    resolver: zodResolver(settingsSchema(settings.country)),
    defaultValues: { name: settings.name, address: settings.address, contactEmail: settings.contactEmail, alertWindowMinutes: settings.alertWindowMinutes, phone: settings.phone, brandColor: settings.brandColor ?? '' },
  });
  const save = useUpdateSettings();
  const invalid = form.formState.errors;
  const brandColor = useWatch({ control: form.control, name: 'brandColor' });

  const onValid = async (values: TSettingsRequest) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset({ name: saved.name, address: saved.address, contactEmail: saved.contactEmail, alertWindowMinutes: saved.alertWindowMinutes, phone: saved.phone, brandColor: saved.brandColor ?? '' });
      toast.success(localized(SETTINGS_MESSAGES.saved));
    } catch (error) {
      toastError(m.venues_settings_save_failed(), error);
    }
  };

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold">{m.venues_settings_restaurant()}</h2>
        <p className="text-sm text-stone-600">{m.venues_settings_restaurant_intro()}</p>
      </div>
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(SETTINGS_FIELD_ORDER))} className="flex flex-col gap-4" aria-label={m.venues_settings_heading()}>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="settings-name">{m.venues_settings_name()}</Label>
          <Input id="settings-name" autoComplete="organization" maxLength={100} aria-invalid={!!invalid.name} {...form.register('name')} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="settings-address">{m.venues_address()}</Label>
          <Textarea id="settings-address" rows={3} autoComplete="street-address" maxLength={300} aria-invalid={!!invalid.address} {...form.register('address')} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="settings-contact-email">{m.venues_settings_contact_email()}</Label>
          <Input
            id="settings-contact-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={255}
            aria-invalid={!!invalid.contactEmail}
            aria-describedby="settings-contact-email-help"
            {...form.register('contactEmail')}
          />
          <p id="settings-contact-email-help" className="text-sm text-stone-600">
            {m.venues_settings_contact_email_help()}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="settings-alert-window">{m.venues_settings_alert_window()}</Label>
          <NativeSelect id="settings-alert-window" aria-invalid={!!invalid.alertWindowMinutes} aria-describedby="settings-alert-window-help" {...form.register('alertWindowMinutes')}>
            {ALERT_WINDOW_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {m.venues_settings_alert_window_option({ minutes: String(minutes) })}
              </option>
            ))}
          </NativeSelect>
          <p id="settings-alert-window-help" className="text-sm text-stone-600">
            {m.venues_settings_alert_window_help()}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="settings-phone">{m.venues_settings_phone()}</Label>
          <Input id="settings-phone" type="tel" inputMode="tel" autoComplete="tel" maxLength={20} aria-invalid={!!invalid.phone} {...form.register('phone')} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="settings-brand-color">{m.venues_settings_brand_color()}</Label>
          <div className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-9 shrink-0 rounded-md border border-stone-300"
              style={{ backgroundColor: BRAND_COLOR_PATTERN.test(brandColor ?? '') ? brandColor : 'transparent' }}
            />
            <Input
              id="settings-brand-color"
              placeholder="#C2410C"
              maxLength={7}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={!!invalid.brandColor}
              aria-describedby="settings-brand-color-help"
              {...form.register('brandColor')}
            />
          </div>
          <p id="settings-brand-color-help" className="text-sm text-stone-600">
            {settings.whiteLabel ? m.venues_settings_brand_color_help_white_label() : m.venues_settings_brand_color_help()}
          </p>
        </div>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? m.venues_saving() : m.venues_save()}
          </Button>
        </div>
      </form>
    </Card>
  );
}
