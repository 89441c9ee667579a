import { OwnerPage } from '../../layouts/owner-layout';
import { LoadingBlocks, QueryView } from '../../../components/query-view';
import { BackLink, PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { useLoyalty } from '../../../features/loyalty/api/get-loyalty';
import { LoyaltyStats } from '../../../features/loyalty/components/loyalty-stats';
import { RewardCatalogue } from '../../../features/loyalty/components/reward-catalogue';
import { RulesForm } from '../../../features/loyalty/components/rules-form';

export default function LoyaltyPage() {
  const m = useOwnerMessages();
  const loyalty = useLoyalty();
  return (
    <OwnerPage title={m.loyalty_page_title()}>
      <div className="flex flex-col gap-5">
        <BackLink to={paths.dashboard.href()}>{m.loyalty_back()}</BackLink>
        <PageHeader title={m.loyalty_heading()} description={m.loyalty_intro()} />
        <QueryView
          query={loyalty}
          errorTitle={m.loyalty_load_failed()}
          loading={<LoadingBlocks label={m.loyalty_loading()} blocks={['h-24', 'h-64']} />}
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
