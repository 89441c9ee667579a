import { NavLink } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** The owner's space could not be read (network, server): a way to try again. */
export function OwnerLoadFailed({ onRetry }: { onRetry: () => void }) {
  const m = useOwnerMessages();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">{m.shell_load_failed()}</h1>
      <p className="text-stone-600">{m.shell_load_failed_hint()}</p>
      <Button onClick={onRetry}>{m.shell_retry()}</Button>
    </main>
  );
}

/** A venue named by the address that this account cannot open (another account's link, a removed access). */
export function VenueNotFound({ home }: { home: string }) {
  const m = useOwnerMessages();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">{m.shell_venue_not_found()}</h1>
      <p className="text-stone-600">{m.shell_venue_not_found_hint()}</p>
      <NavLink to={home} className="font-medium text-brand-700 hover:underline">
        {m.shell_go_to_my_space()}
      </NavLink>
    </main>
  );
}

/** A page the member's role does not open (the API refuses it too), with a way to the role's first page. */
export function PageNotAllowed({ home, homeLabel }: { home: string; homeLabel: string }) {
  const m = useOwnerMessages();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center" role="status">
      <h2 className="text-xl font-semibold">{m.shell_page_not_allowed()}</h2>
      <p className="text-stone-600">{m.shell_page_not_allowed_hint()}</p>
      <NavLink to={home} className="font-medium text-brand-700 hover:underline">
        {m.shell_go_to({ page: homeLabel })}
      </NavLink>
    </div>
  );
}
