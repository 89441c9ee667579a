import { OwnerPage } from '../../layouts/owner-layout';
import { LoadingBlocks, QueryView } from '../../../components/query-view';
import { BackLink, PageHeader } from '../../../components/ui/page-header';
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
        <BackLink to={paths.dashboard.href()}>Retour au tableau de bord</BackLink>
        <PageHeader title="Programme de fidélité" description="Vos clients gagnent des points à chaque avis et débloquent vos récompenses." />
        <QueryView
          query={loyalty}
          errorTitle="Impossible de charger le programme de fidélité"
          loading={<LoadingBlocks label="Chargement du programme de fidélité…" blocks={['h-24', 'h-64']} />}
        >
          {(data) => (
            <>
              <LoyaltyStats overview={data} />
              <div className="grid gap-4 lg:grid-cols-2">
                <RulesForm key={JSON.stringify(data.rules)} rules={data.rules} />
                <RewardCatalogue rewards={data.rewards} />
              </div>
            </>
          )}
        </QueryView>
      </div>
    </OwnerPage>
  );
}
