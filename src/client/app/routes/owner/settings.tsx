import { Clock, Gift } from 'lucide-react';
import { OwnerPage } from '../../layouts/owner-layout';
import { QueryError } from '../../../components/ui/query-error';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { useSettings } from '../../../features/settings/api/get-settings';
import { ElsewhereCard } from '../../../features/settings/components/elsewhere-card';
import { LogoCard } from '../../../features/settings/components/logo-card';
import { LanguagesCard } from '../../../features/settings/components/languages-card';
import { SettingsForm } from '../../../features/settings/components/settings-form';

export default function SettingsPage() {
  const m = useOwnerMessages();
  const settings = useSettings();
  const hour = (value: number) => m.venues_settings_hour({ hour: String(value) });
  return (
    <OwnerPage title={m.venues_settings_title()}>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">{m.venues_settings_heading()}</h2>
          <p className="text-sm text-stone-600">{m.venues_settings_intro()}</p>
        </div>
        {settings.isPending ? (
          <PageLoading label={m.venues_settings_loading()} />
        ) : settings.isError ? (
          <QueryError title={m.venues_settings_load_failed()} detail={m.venues_check_connection()} onRetry={() => void settings.refetch()} />
        ) : (
          <>
            <SettingsForm key={`${settings.data.name}|${settings.data.contactEmail}`} settings={settings.data} />
            <LogoCard settings={settings.data} />
            <LanguagesCard key={`${settings.data.dinerLanguages.join(',')}|${settings.data.cardLanguages.join(',')}`} settings={settings.data} />
            <ElsewhereCard icon={<Clock className="size-5" />} title={m.venues_settings_hours_title()} to={paths.automations.href()} linkLabel={m.venues_settings_hours_link()}>
              {m.venues_settings_hours_text({ start: hour(settings.data.sendingHours.start), end: hour(settings.data.sendingHours.end) })}
            </ElsewhereCard>
            <ElsewhereCard icon={<Gift className="size-5" />} title={m.venues_settings_visits_title()} to={paths.loyalty.href()} linkLabel={m.venues_settings_visits_link()}>
              {m.venues_settings_visits_text()}
            </ElsewhereCard>
          </>
        )}
      </div>
    </OwnerPage>
  );
}
