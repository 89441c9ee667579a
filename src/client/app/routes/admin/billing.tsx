import { AdminPage } from '../../layouts/admin-layout';
import { LoadingBlocks, QueryView } from '../../../components/query-view';
import { useAdminBilling } from '../../../features/admin/api/get-billing';
import { BillingTable, MrrCard, PastDueCard } from '../../../features/admin/components/billing-overview';

/** /admin/facturation (issue 54): MRR in total and by plan per currency, the organisations past due, every billing state. */
export default function AdminBillingPage() {
  const billing = useAdminBilling();
  return (
    <AdminPage title="Facturation">
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-2xl font-semibold">Facturation</h1>
          <p className="text-stone-600">Revenu récurrent, retards de paiement et état des abonnements en ligne.</p>
        </div>
        <QueryView query={billing} errorTitle="Impossible de charger la facturation" loading={<LoadingBlocks label="Chargement…" blocks={['h-40', 'h-24', 'h-64']} />}>
          {(data) => (
            <>
              <MrrCard mrr={data.mrr} />
              <PastDueCard pastDue={data.pastDue} />
              <BillingTable organisations={data.organisations} />
            </>
          )}
        </QueryView>
      </div>
    </AdminPage>
  );
}
