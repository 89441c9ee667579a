import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../config/paths';

/** Shown when a page fails to load or render (for example a chunk lost after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main role="alert" className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? 'Page introuvable' : 'Une erreur est survenue'}</h1>
      <p className="text-stone-600">{notFound ? 'Cette page n’existe pas.' : 'Rechargez la page ; si le problème persiste, réessayez dans un instant.'}</p>
      <div className="flex gap-3">
        <button type="button" onClick={() => window.location.reload()} className="rounded-lg border border-stone-300 px-4 py-2">
          Recharger
        </button>
        <Link to={paths.home.href()} className="rounded-lg bg-brand-700 px-4 py-2 text-white">
          Accueil
        </Link>
      </div>
    </main>
  );
}
