import { OwnerPage } from '../../../components/owner-page';
import { paths } from '../../../config/paths';
import { SecurityCheckPanel } from '../../../features/security/components/security-check-panel';
import { BackLink, PageHeader } from '../../../components/ui/page-header';

export default function SecurityPage() {
  return (
    <OwnerPage title="Sécurité">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
        <BackLink to={paths.dashboard.href()}>Retour au tableau de bord</BackLink>
        <PageHeader title="Vérification de sécurité" description="Cinq contrôles testent en direct la protection de vos données et de celles de vos clients." />
        {/* Rendered inside the owner layout route, so the check starts only once the owner gate has let the owner in. */}
        <SecurityCheckPanel />
      </div>
    </OwnerPage>
  );
}
