import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { OwnerPage } from '../../layouts/owner-layout';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useLoyalty } from '../../../features/loyalty/api/get-loyalty';
import { LoyaltyStats } from '../../../features/loyalty/components/loyalty-stats';
import { RewardCatalogue } from '../../../features/loyalty/components/reward-catalogue';
import { RulesForm } from '../../../features/loyalty/components/rules-form';

export default function LoyaltyPage() {
  const loyalty = useLoyalty();
  return (
    <OwnerPage title="Fidélité">
      <div className="flex flex-col gap-5">
        <Link to={paths.dashboard.href()} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Retour au tableau de bord
        </Link>
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Programme de fidélité</h2>
          <p className="text-sm text-stone-600">Vos clients gagnent des points à chaque avis et débloquent vos récompenses.</p>
        </div>
        {loyalty.isPending ? (
          <div role="status" aria-live="polite" className="flex flex-col gap-4">
            <span className="sr-only">Chargement du programme de fidélité…</span>
            <Skeleton className="h-24" />
            <Skeleton className="h-64" />
          </div>
        ) : loyalty.isError ? (
          <QueryError title="Impossible de charger le programme de fidélité" detail={loyalty.error.message} onRetry={() => void loyalty.refetch()} />
        ) : (
          <>
            <LoyaltyStats overview={loyalty.data} />
            <div className="grid gap-4 lg:grid-cols-2">
              <RulesForm key={JSON.stringify(loyalty.data.rules)} rules={loyalty.data.rules} />
              <RewardCatalogue rewards={loyalty.data.rewards} />
            </div>
          </>
        )}
      </div>
    </OwnerPage>
  );
}
