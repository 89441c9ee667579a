import { useEffect } from 'react';
import { toast } from 'sonner';
import { OwnerPage } from '../../layouts/owner-layout';
import { Card } from '../../../components/ui/card';
import { BackLink, PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { currentVenue } from '../../../lib/current-venue';
import { useAutomations } from '../../../features/automations/api/get-automations';
import { AutomationCard } from '../../../features/automations/components/automation-card';
import { useSendingHours } from '../../../features/automations/api/sending-hours';
import { SendingHoursCard } from '../../../features/automations/components/sending-hours-card';
import { TemplateVariables } from '../../../components/template-variables';
import { AUTOMATION_MESSAGES } from '../../../../shared/schemas/automations';

export default function AutomationsPage() {
  const list = useAutomations();
  const sendingHours = useSendingHours();
  // The venue this page shows (the editor opens in it).
  const restaurantId = currentVenue() ?? undefined;
  const initialised = list.data?.initialised ?? false;
  useEffect(() => {
    if (initialised) toast.success(AUTOMATION_MESSAGES.initialised);
  }, [initialised]);
  return (
    <OwnerPage title="Emails automatiques">
      <div className="flex flex-col gap-5">
        <BackLink to={paths.dashboard.href()}>Retour au tableau de bord</BackLink>
        <PageHeader title="Emails automatiques" description="Les emails que ReFeed envoie pour vous après chaque avis, à 3 jours et à 30 jours." />
        {list.isPending ? (
          <div role="status" aria-live="polite" className="grid gap-3 md:grid-cols-2">
            <span className="sr-only">Chargement des automations…</span>
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-44" />
            ))}
          </div>
        ) : list.isError ? (
          <QueryError title="Impossible de charger les automations" detail={list.error.message} onRetry={() => void list.refetch()} />
        ) : (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            <ul className="grid min-w-0 grid-cols-1 gap-3 md:grid-cols-2 lg:col-span-2" aria-label="Automations">
              {list.data.automations.map((automation) => (
                <li key={automation.id} className="min-w-0">
                  <AutomationCard automation={automation} restaurantId={restaurantId} contactEmail={list.data.contactEmail} />
                </li>
              ))}
            </ul>
            <div className="flex min-w-0 flex-col gap-4">
            {sendingHours.data ? (
              <SendingHoursCard key={`${sendingHours.data.sendingHours.start}-${sendingHours.data.sendingHours.end}`} hours={sendingHours.data.sendingHours} />
            ) : sendingHours.isError ? (
              <QueryError title="Impossible de charger les horaires d’envoi" detail={sendingHours.error.message} onRetry={() => void sendingHours.refetch()} />
            ) : (
              <Skeleton className="h-44" />
            )}
            <Card className="h-fit min-w-0 p-4 sm:p-5">
              <h2 className="text-lg font-semibold">Variables disponibles</h2>
              <TemplateVariables className="mt-2 grid gap-1.5 text-sm" />
              <p className="mt-3 text-sm text-stone-600">
                Un bloc entre <span className="font-mono text-xs text-brand-800">{'{{#google_url}}'}</span> et{' '}
                <span className="font-mono text-xs text-brand-800">{'{{/google_url}}'}</span> n’apparaît que si votre lien d’avis Google est enregistré.
              </p>
            </Card>
            </div>
          </div>
        )}
      </div>
    </OwnerPage>
  );
}
