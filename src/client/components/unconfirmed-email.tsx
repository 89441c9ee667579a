import { Badge } from './ui/badge';
import { ownerMessages } from '../../shared/i18n/owner';
import { useOwnerMessages } from '../lib/owner-locale';

/** Why an address is marked: the diner typed it, and has not opened the confirmation link (decision 075). */
export const UNCONFIRMED_EMAIL_HINT = ownerMessages('fr').shell_unconfirmed_hint();

/** A typed address not confirmed yet, as /avis and the customer pages show it: the address, « non confirmé ». */
export function UnconfirmedEmail({ address }: { address: string }) {
  const m = useOwnerMessages();
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-1.5" data-testid="unconfirmed-email" title={m.shell_unconfirmed_hint()}>
      <span className="break-all">{address}</span>
      <Badge variant="warning">{m.shell_unconfirmed()}</Badge>
    </span>
  );
}
