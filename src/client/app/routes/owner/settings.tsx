import { ArrowRight, Clock, Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OwnerPage } from '../../layouts/owner-layout';
import { Card } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useSettings } from '../../../features/settings/api/get-settings';
import { LogoCard } from '../../../features/settings/components/logo-card';
import { SettingsForm } from '../../../features/settings/components/settings-form';

const pad = (hour: number) => `${hour} h`;

/** A setting that lives on another page (one form for each thing): what it is now, and a link there. */
function ElsewhereCard({ icon, title, children, to, linkLabel }: { icon: ReactNode; title: string; children: ReactNode; to: string; linkLabel: string }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex gap-3">
        <span className="mt-0.5 text-brand-700" aria-hidden="true">
          {icon}
        </span>
        <div>
          <h2 className="text-base font-semibold">{title}</h2>
          <p className="text-sm text-stone-600">{children}</p>
        </div>
      </div>
      <Link to={to} className="inline-flex shrink-0 items-center gap-1 self-start text-sm font-medium whitespace-nowrap text-brand-700 underline underline-offset-4 sm:self-center">
        {linkLabel}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </Card>
  );
}

export default function SettingsPage() {
  const settings = useSettings();
  return (
    <OwnerPage title="Paramètres">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Paramètres du restaurant</h2>
          <p className="text-sm text-stone-600">L’identité de votre restaurant et l’adresse qui reçoit vos alertes.</p>
        </div>
        {settings.isPending ? (
          <PageLoading label="Chargement des paramètres…" />
        ) : settings.isError ? (
          <QueryError title="Impossible de charger les paramètres" detail="Vérifiez votre connexion puis réessayez." onRetry={() => void settings.refetch()} />
        ) : (
          <>
            <SettingsForm key={`${settings.data.name}|${settings.data.contactEmail}`} settings={settings.data} />
            <LogoCard settings={settings.data} />
            <ElsewhereCard icon={<Clock className="size-5" />} title="Heures d’envoi des emails" to={paths.automations.href()} linkLabel="Modifier dans Automations">
              Les emails programmés (relance à 3 jours, « vous nous manquez ») partent entre {pad(settings.data.sendingHours.start)} et{' '}
              {pad(settings.data.sendingHours.end)}, heure de Paris.
            </ElsewhereCard>
            <ElsewhereCard icon={<Gift className="size-5" />} title="Intervalle entre deux visites" to={paths.loyalty.href()} linkLabel="Modifier dans Fidélité">
              Le délai pendant lequel un même client ne gagne pas de nouveaux points se règle avec les règles de points.
            </ElsewhereCard>
          </>
        )}
      </div>
    </OwnerPage>
  );
}
