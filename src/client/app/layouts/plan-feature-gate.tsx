import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useMe } from '../../features/accounts/api/get-me';
import { currentVenue } from '../../lib/current-venue';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageLoading } from '../../components/ui/skeleton';
import { PLANS, PLAN_IDS, type PlanFeatures } from '../../../shared/rules/plans';
import { useOwnerLocale, useOwnerMessages } from '../../lib/owner-locale';

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
export function PlanFeatureGate({
  feature,
  title,
  pitch,
  points,
  copy,
  children,
}: {
  feature: keyof PlanFeatures;
  title: string;
  pitch: string;
  points: string[];
  /** 'api': the API gate's words (layouts/api-gate.ts) in the tab's language. */
  copy?: 'api';
  children: ReactNode;
}) {
  const me = useMe();
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  if (!me.data) return <PageLoading label={m.shell_loading()} />;
  const venueId = currentVenue();
  const venue = me.data.restaurants.find((restaurant) => restaurant.id === venueId) ?? me.data.restaurants[0];
  const included = venue && venue.plan.state !== 'expired' && PLANS[venue.plan.id].features[feature];
  if (included) return <>{children}</>;
  const plan = planWith(feature);
  const words =
    copy === 'api'
      ? { title: m.shell_api_gate_title(), pitch: m.shell_api_gate_pitch(), points: [m.shell_api_gate_keys(), m.shell_api_gate_docs(), m.shell_api_gate_webhooks()] }
      : { title, pitch, points };
  return (
    <Card className="mx-auto w-full max-w-2xl" data-testid="plan-feature-gate">
      <CardHeader>
        <div className="flex items-center gap-2 text-brand-700">
          <Sparkles className="size-5" aria-hidden />
          <span className="text-sm font-medium">{plan ? m.shell_plan_included({ plan: plan.name[locale] }) : m.shell_plan_not_included()}</span>
        </div>
        <CardTitle>{words.title}</CardTitle>
        <CardDescription>{words.pitch}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul className="list-disc space-y-1 pl-5 text-sm text-stone-700">
          {words.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        {venue?.permissions.includes('organisation.manage') ? (
          <Link to={paths.subscription.href()} className="self-start rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
            {m.shell_see_plans()}
          </Link>
        ) : (
          <p className="text-sm text-stone-600">{m.shell_plan_owner_may_change()}</p>
        )}
      </CardContent>
    </Card>
  );
}
