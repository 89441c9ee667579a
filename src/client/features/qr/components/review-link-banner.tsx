import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Shown while the restaurant has no review link: satisfied diners would have nowhere to go. */
export function ReviewLinkBanner() {
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        Aucun lien d’avis n’est configuré : vos clients satisfaits ne seront pas redirigés vers votre page d’avis.{' '}
        <Link to={paths.googleSettings.href()} className="font-medium underline underline-offset-4">
          Configurer le lien d’avis
        </Link>
      </p>
    </div>
  );
}
