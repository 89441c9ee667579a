import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** An owner page whose feature has not landed yet, shown inside the owner frame (so the gate applies). */
export function OwnerPagePlaceholder({ title }: { title: string }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <Construction className="size-10 text-brand-700" aria-hidden="true" />
      <h2 className="text-2xl font-semibold">{title}</h2>
      <p className="text-stone-600">Cette page est en construction.</p>
      <Link to={paths.dashboard.href()} className="text-brand-700 underline underline-offset-4">
        Retour au tableau de bord
      </Link>
    </section>
  );
}
