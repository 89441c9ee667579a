import { Badge } from './ui/badge';

/** Why an address is marked: the diner typed it, and has not opened the confirmation link (decision 075). */
export const UNCONFIRMED_EMAIL_HINT = 'Adresse saisie par le client, pas encore confirmée : une réponse ne contient que votre message.';

/** A typed address not confirmed yet, as /avis and the customer pages show it: the address, « non confirmé ». */
export function UnconfirmedEmail({ address }: { address: string }) {
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-1.5" data-testid="unconfirmed-email" title={UNCONFIRMED_EMAIL_HINT}>
      <span className="break-all">{address}</span>
      <Badge variant="warning">non confirmé</Badge>
    </span>
  );
}
