import { BookOpen, ExternalLink, FileJson, Webhook } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useApiKeys } from '../api/api-keys';
import { ApiKeyList } from '../components/api-key-list';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog';

const linkClass = 'inline-flex items-center gap-1.5 font-medium text-brand-700 underline-offset-4 hover:underline';

/** What the API is, and where its documentation and the webhooks are. */
function Intro() {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <p className="text-sm text-stone-700">
        L’API de ReFeed permet à vos outils (caisse, CRM, tableaux de bord) de lire vos établissements, vos avis, vos clients et vos récompenses. Chaque requête
        s’authentifie avec une clé créée ci-dessous.
      </p>
      <ul className="flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
        <li>
          <a href="/api/v1/docs" target="_blank" rel="noopener noreferrer" className={linkClass}>
            <BookOpen className="size-4" aria-hidden="true" />
            Documentation de référence
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(nouvel onglet)</span>
          </a>
        </li>
        <li>
          <a href="/api/v1/openapi.json" className={linkClass}>
            <FileJson className="size-4" aria-hidden="true" />
            Document OpenAPI (JSON)
          </a>
        </li>
        <li>
          <Link to={paths.webhooks.href()} className={linkClass}>
            <Webhook className="size-4" aria-hidden="true" />
            Webhooks
          </Link>
        </li>
      </ul>
    </Card>
  );
}

function ApiKeysSection() {
  const keys = useApiKeys();
  const active = keys.data?.keys.filter((key) => !key.revokedAt).length ?? 0;
  const full = !!keys.data && active >= keys.data.maxActiveKeys;
  return (
    <section aria-labelledby="api-keys-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h3 id="api-keys-title" className="text-lg font-semibold">
            Clés d’API
          </h3>
          <p className="text-sm text-stone-600">
            {keys.data ? `${active} clé${active > 1 ? 's' : ''} active${active > 1 ? 's' : ''} sur ${keys.data.maxActiveKeys} au maximum.` : 'Les clés de votre organisation.'}
          </p>
        </div>
        {keys.data ? <CreateApiKeyDialog venues={keys.data.venues} disabled={full} /> : null}
      </div>
      {keys.isPending ? (
        <PageLoading label="Chargement des clés…" />
      ) : keys.isError ? (
        <QueryError title="Impossible de charger les clés" detail={keys.error.message} onRetry={() => void keys.refetch()} />
      ) : (
        <ApiKeyList keys={keys.data.keys} />
      )}
    </section>
  );
}

/** /developpeurs (issue #31): the organisation's API keys, and links to the reference documentation and the webhooks. */
export function DevelopersPage() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader title="API et clés" description="Reliez ReFeed à vos autres outils." />
      <Intro />
      <ApiKeysSection />
    </div>
  );
}
