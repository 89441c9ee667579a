import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** Shown while the restaurant has no review link: satisfied diners would have nowhere to go. */
export function ReviewLinkBanner() {
  const m = useOwnerMessages();
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        {m.venues_qr_no_review_link()}{' '}
        <Link to={paths.googleSettings.href()} className="font-medium underline underline-offset-4">
          {m.venues_qr_set_review_link()}
        </Link>
      </p>
    </div>
  );
}
