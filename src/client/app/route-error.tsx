import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { useOwnerMessages } from '../lib/owner-locale';

/** Shown when a page fails to load or render (for example a chunk lost after a deploy), in the tab's language. */
export function RouteErrorPage() {
  const error = useRouteError();
  const m = useOwnerMessages();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main role="alert" className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? m.shell_route_not_found() : m.shell_route_error()}</h1>
      <p className="text-stone-600">{notFound ? m.shell_route_not_found_hint() : m.shell_route_error_hint()}</p>
      <div className="flex gap-3">
        <button type="button" onClick={() => window.location.reload()} className="rounded-lg border border-stone-300 px-4 py-2">
          {m.shell_reload()}
        </button>
        <Link to={paths.home.href()} className="rounded-lg bg-brand-700 px-4 py-2 text-white">
          {m.shell_home()}
        </Link>
      </div>
    </main>
  );
}
