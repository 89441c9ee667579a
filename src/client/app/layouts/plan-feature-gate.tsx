import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../features/accounts/api/get-me';
import { currentVenue } from '../../lib/current-venue';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageLoading } from '../../components/ui/skeleton';
import { PLANS, PLAN_IDS, type PlanFeatures } from '../../../shared/rules/plans';

/** The cheapest plan that includes `feature`. */
function planWith(feature: keyof PlanFeatures) {
  const id = PLAN_IDS.find((plan) => PLANS[plan].features[feature]);
  return id ? PLANS[id] : null;
}

/**
 * A page of a feature some plans include (decision 057): its content when the organisation's plan includes
 * it (read from /api/me for this tab's venue), else what the feature is and how to get it. The API refuses
 * the same (`requirePlanFeature`).
 */
export function PlanFeatureGate({ feature, title, pitch, points, children }: { feature: keyof PlanFeatures; title: string; pitch: string; points: string[]; children: ReactNode }) {
  const me = useMe();
  if (!me.data) return <PageLoading label="Chargement…" />;
  const venueId = currentVenue();
  const venue = me.data.restaurants.find((restaurant) => restaurant.id === venueId) ?? me.data.restaurants[0];
  const included = venue && venue.plan.state !== 'expired' && PLANS[venue.plan.id].features[feature];
  if (included) return <>{children}</>;
  const plan = planWith(feature);
  return (
    <Card className="mx-auto w-full max-w-2xl" data-testid="plan-feature-gate">
      <CardHeader>
        <div className="flex items-center gap-2 text-brand-700">
          <Sparkles className="size-5" aria-hidden />
          <span className="text-sm font-medium">{plan ? `Inclus dans le forfait ${plan.name.fr}` : 'Non inclus dans votre forfait'}</span>
        </div>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{pitch}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul className="list-disc space-y-1 pl-5 text-sm text-stone-700">
          {points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        {venue?.permissions.includes('organisation.manage') ? (
          <Link to={paths.subscription.href()} className="self-start rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
            Voir les forfaits
          </Link>
        ) : (
          <p className="text-sm text-stone-600">Le propriétaire de l’organisation peut changer de forfait depuis la page Abonnement.</p>
        )}
      </CardContent>
    </Card>
  );
}
