import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { OwnerPage } from '../../layouts/owner-layout';
import { paths } from '../../../config/paths';
import { SecurityCheckPanel } from '../../../features/security/components/security-check-panel';

export default function SecurityPage() {
  return (
    <OwnerPage title="Sécurité">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
        <Link to={paths.dashboard.href()} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Retour au tableau de bord
        </Link>
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-semibold tracking-tight">Vérification de sécurité</h2>
          <p className="text-sm text-stone-600">Cinq contrôles testent en direct la protection de vos données et de celles de vos clients.</p>
        </div>
        {/* Rendered inside the owner layout route, so the check starts only once the owner gate has let the owner in. */}
        <SecurityCheckPanel />
      </div>
    </OwnerPage>
  );
}
