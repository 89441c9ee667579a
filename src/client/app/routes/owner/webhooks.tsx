import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { OwnerPage } from '../../layouts/owner-layout';
import { API_GATE } from '../../layouts/api-gate';
import { PlanFeatureGate } from '../../layouts/plan-feature-gate';
import { paths } from '../../../../shared/paths';
import { CreateEndpointDialog } from '../../../features/webhooks/components/create-endpoint-dialog';
import { EndpointList } from '../../../features/webhooks/components/endpoint-list';

/** /developpeurs/webhooks (issue #31): the organisation's webhook endpoints. */
export default function Page() {
  return (
    <OwnerPage title="Webhooks">
      <PlanFeatureGate feature="api" {...API_GATE}>
        <div className="flex flex-col gap-5">
          <Link to={paths.developers.href()} className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline underline-offset-4">
            <ArrowLeft className="size-4" aria-hidden="true" />
            API et clés
          </Link>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 className="text-2xl font-semibold">Vos webhooks</h2>
              <p className="max-w-2xl text-sm text-stone-600">
                Recevez chaque nouvel avis, client ou récompense en temps réel dans vos outils. Chaque envoi est signé (Standard Webhooks) et renvoyé automatiquement en cas d’échec pendant environ 27 heures.
              </p>
            </div>
            <CreateEndpointDialog />
          </div>
          <EndpointList />
        </div>
      </PlanFeatureGate>
    </OwnerPage>
  );
}
