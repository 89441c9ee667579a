import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Placeholder for a page whose issue has not landed yet. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <Construction className="size-10 text-brand-700" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-stone-600">Cette page est en construction.</p>
      <Link to={paths.home.href()} className="text-brand-700 underline underline-offset-4">
        Retour à l’accueil
      </Link>
    </main>
  );
}
