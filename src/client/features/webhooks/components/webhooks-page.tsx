import { BackLink, PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { CreateEndpointDialog } from './create-endpoint-dialog';
import { EndpointList } from './endpoint-list';

/** /developpeurs/webhooks (issue #31): the organisation's webhook endpoints. */
export function WebhooksPage() {
  return (
    <div className="flex flex-col gap-5">
      <BackLink to={paths.developers.href()}>API et clés</BackLink>
      <PageHeader
        title="Vos webhooks"
        description="Recevez chaque nouvel avis, client ou récompense en temps réel dans vos outils. Chaque envoi est signé (Standard Webhooks) et renvoyé automatiquement en cas d’échec pendant environ 27 heures."
        actions={<CreateEndpointDialog />}
      />
      <EndpointList />
    </div>
  );
}
