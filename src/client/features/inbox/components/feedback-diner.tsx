import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { UnconfirmedEmail } from '../../../components/unconfirmed-email';
import { paths } from '../../../config/paths';
import { useOwnerMessages } from '../../../lib/owner-locale';
import type { TInboxItem } from '../../../../shared/schemas/inbox';

/** Who gave a feedback: the diner's name (a link to their page when known, else « Client anonyme ») and their address. */
export function FeedbackDiner({ customer }: { customer: TInboxItem['customer'] }) {
  const m = useOwnerMessages();
  const name = customer?.name || m.reviews_item_anonymous();
  return (
    <p className="text-sm">
      {customer ? (
        <Link to={paths.customer.href(customer.id)} className="font-medium text-brand-700 hover:underline">
          {name}
        </Link>
      ) : (
        <span className="font-medium text-stone-700">{name}</span>
      )}
      {customer?.hasEmail ? (
        <span className="ml-2 inline-flex items-center gap-1 text-xs text-stone-600">
          <Mail className="size-3.5" aria-hidden="true" />
          {m.reviews_item_email_known()}
        </span>
      ) : customer?.unconfirmedEmail ? (
        <span className="ml-2 inline-flex items-center gap-1 text-xs text-stone-600">
          <Mail className="size-3.5" aria-hidden="true" />
          <UnconfirmedEmail address={customer.unconfirmedEmail} />
        </span>
      ) : null}
    </p>
  );
}
