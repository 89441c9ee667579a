import { countFr } from '../../../../shared/rules/french-count';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Check, CreditCard, Loader2, Mail, MessageSquareHeart } from 'lucide-react';
import { OwnerPage } from '../../layouts/owner-layout';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/skeleton';
import { QueryView } from '../../../components/query-view';
import { CONTACT_EMAIL } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useSubscription, type TSubscription } from '../../../features/subscription/api/get-subscription';
import { useCheckout, usePortal } from '../../../features/subscription/api/billing';
import { toastError } from '../../../lib/toast';
import { trialLeftFr } from '../../../features/subscription/components/plan-banner';
import { formatPrice, SITE_FR } from '../../../features/site/content';
import { formatDateFr } from '../../../../shared/format';
import { isPlanId, PLAN_IDS, PLANS, siteItems, type PlanId } from '../../../../shared/rules/plans';
import { formatCount } from '../../../../shared/format';

const number = (n: number) => formatCount(n);

/** The site's demo request (same address and subject as the landing's form), and a word to the sales team. */
function mailtoDemo(organisation: string): string {
  const form = SITE_FR.start.form;
  return `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(form.subject)}&body=${encodeURIComponent(`${form.intro}\n\n${form.restaurant} : ${organisation}`)}`;
}
function mailtoSales(organisation: string, plan: PlanId): string {
  const subject = `Changement de forfait ReFeed – ${organisation}`;
  const body = `Bonjour,\n\nNous souhaitons choisir le forfait ${PLANS[plan].name.fr} pour ${organisation}.\n\nMerci de nous recontacter.`;
  return `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

function trialStateText(subscription: TSubscription): { title: string; detail: string } {
  const name = PLANS[subscription.plan].name.fr;
  if (subscription.state === 'active') return { title: `Forfait ${name}`, detail: 'Votre forfait est actif.' };
  if (subscription.state === 'trial') {
    const until = subscription.trialEndsAt ? ` (jusqu’au ${formatDateFr(subscription.trialEndsAt)})` : '';
    return { title: `Essai gratuit du forfait ${name}`, detail: `${trialLeftFr(subscription.trialDaysLeft)}${until}.` };
  }
  return {
    title: subscription.billing.state === 'canceled' ? 'Abonnement résilié' : 'Essai gratuit terminé',
    detail: 'ReFeed est en lecture seule : vos données sont conservées, vos clients notent et cumulent toujours leurs points. Choisissez un forfait pour tout retrouver.',
  };
}

/** « 79,00 € HT par mois », « 790,00 € HT par an ». */
function amountFr(amount: number | null, currency: string | null, interval: string | null): string {
  if (amount === null || !currency) return '';
  const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100).replace(/\u202f|\u00a0/g, ' ');
  return `${money} HT ${interval === 'year' ? 'par an' : 'par mois'}`;
}

/** The state the page names (issue 54): essai, actif, paiement en retard, résilié à la date…, contrat; the next invoice and its amount. */
export function stateText(subscription: TSubscription): { title: string; detail: string; tone: 'ok' | 'warn' | 'bad' } {
  const { billing } = subscription;
  const name = PLANS[isPlanId(billing.plan) ? billing.plan : subscription.plan].name.fr;
  const amount = amountFr(billing.amount, billing.currency, billing.interval);
  const day = (iso: string | null) => (iso ? formatDateFr(iso) : '');
  switch (billing.state) {
    case 'contract':
      return { title: `Forfait ${PLANS[subscription.plan].name.fr} — contrat`, detail: 'Votre forfait est fixé par contrat avec l’équipe ReFeed.', tone: 'ok' };
    case 'trialing':
      return { title: `Forfait ${name} — actif`, detail: `Essai gratuit jusqu’au ${day(billing.trialEnd)} : première facture ce jour-là, ${amount}.`, tone: 'ok' };
    case 'active':
      return { title: `Forfait ${name} — actif`, detail: `Prochaine facture le ${day(billing.currentPeriodEnd)} : ${amount}.`, tone: 'ok' };
    case 'canceling':
      return { title: `Forfait ${name} — résilié au ${day(billing.currentPeriodEnd)}`, detail: `Votre forfait reste actif jusqu’au ${day(billing.currentPeriodEnd)}, sans nouvelle facture. Rien n’est supprimé.`, tone: 'warn' };
    case 'past_due':
      return billing.locked
        ? { title: `Forfait ${name} — paiement en retard`, detail: 'Le paiement n’a pas abouti depuis 14 jours : ReFeed est en lecture seule (vos clients notent et cumulent toujours leurs points). Réglez la facture pour tout retrouver aussitôt.', tone: 'bad' }
        : { title: `Forfait ${name} — paiement en retard`, detail: `Le dernier paiement (${amount}) a échoué : nous réessayons. Mettez à jour votre moyen de paiement ; sans paiement 14 jours après l’échec, ReFeed passera en lecture seule.`, tone: 'bad' };
    default: {
      const trial = trialStateText(subscription);
      return { ...trial, tone: subscription.state === 'expired' ? 'bad' : 'ok' };
    }
  }
}

/** One usage line: « 120 / 300 », a bar, or « illimité ». */
function UsageBar({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const ratio = limit === null ? 0 : limit === 0 ? 1 : Math.min(used / limit, 1);
  const over = limit !== null && used > limit;
  return (
    <div className="flex flex-col gap-1" data-testid="usage">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className={cn('tabular-nums', over ? 'font-semibold text-red-700' : 'text-stone-700')}>
          {number(used)} / {limit === null ? 'illimité' : number(limit)}
        </span>
      </div>
      {limit === null ? null : (
        <div
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={`${number(used)} sur ${number(limit)}`}
          className="h-2 overflow-hidden rounded-full bg-stone-200"
        >
          <div className={cn('h-full rounded-full', over ? 'bg-red-600' : ratio >= 0.8 ? 'bg-amber-500' : 'bg-brand-600')} style={{ width: `${Math.round(ratio * 100)}%` }} />
        </div>
      )}
    </div>
  );
}

/** /abonnement (issue #30, decision 057): the plan, the trial's days left, this month's usage, the plans and how to change. */
export default function SubscriptionPage() {
  const subscription = useSubscription();
  return (
    <OwnerPage title="Abonnement">
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
        <PageHeader title="Abonnement" description="Votre forfait, votre consommation du mois et comment changer de forfait." />
        <QueryView query={subscription} errorTitle="Impossible de charger l’abonnement" loading={<PageLoading label="Chargement de l’abonnement…" />}>
          {(data) => <SubscriptionContent subscription={data} refetch={subscription.refetch} />}
        </QueryView>
      </div>
    </OwnerPage>
  );
}

const SUBSCRIBED = new Set(['trialing', 'active', 'past_due', 'canceling', 'incomplete']);

/** After Stripe's Checkout: « paiement=ok » waits for the webhook's word (the page reads the subscription again until it is there). */
function usePaymentReturn(subscription: TSubscription, refetch: () => unknown): 'ok' | 'pending' | 'cancelled' | null {
  const [params] = useSearchParams();
  const back = params.get('paiement');
  const waiting = back === 'ok' && !SUBSCRIBED.has(subscription.billing.state);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(refetch, 1500);
    const stop = window.setTimeout(() => window.clearInterval(timer), 60_000);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(stop);
    };
  }, [waiting, refetch]);
  if (back === 'annule') return 'cancelled';
  if (back !== 'ok') return null;
  return waiting ? 'pending' : 'ok';
}

function SubscriptionContent({ subscription, refetch }: { subscription: TSubscription; refetch: () => unknown }) {
  const { title, detail, tone } = stateText(subscription);
  const { usage, limits, billing } = subscription;
  const organisation = subscription.organisation.name;
  const [interval, setPeriod] = useState<'month' | 'year'>('month');
  const checkout = useCheckout();
  const portal = usePortal();
  const back = usePaymentReturn(subscription, refetch);
  const online = billing.onlinePayment && billing.state !== 'contract';
  const subscribed = SUBSCRIBED.has(billing.state);
  const gbp = subscription.organisation.country === 'GB';
  const pricing = gbp ? { currency: 'GBP' as const, locale: 'en-GB' } : SITE_FR.pricing;
  const openPortal = () => portal.mutate(undefined, { onError: (error) => toastError('Impossible d’ouvrir la gestion de l’abonnement', error) });
  const choose = (plan: PlanId) => checkout.mutate({ plan, interval }, { onError: (error) => toastError('Impossible d’ouvrir le paiement', error) });
  return (
    <>
      {back === 'ok' ? (
        <p role="status" data-testid="payment-return" className="rounded-xl border border-green-300 bg-green-50 p-3 text-sm text-green-900">
          Merci ! Votre abonnement est enregistré.
        </p>
      ) : back === 'pending' ? (
        <p role="status" data-testid="payment-return" className="flex items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Paiement reçu : activation de votre abonnement…
        </p>
      ) : back === 'cancelled' ? (
        <p role="status" data-testid="payment-return" className="rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm">
          Paiement annulé : rien n’a été prélevé.
        </p>
      ) : null}
      <Card data-testid="subscription-plan">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription className={tone === 'bad' ? 'text-red-800' : tone === 'warn' ? 'text-amber-900' : undefined}>{detail}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {online && billing.hasCustomer ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <Button onClick={openPortal} disabled={portal.isPending} variant={billing.state === 'past_due' ? 'default' : 'outline'}>
                {portal.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <CreditCard className="size-4" aria-hidden="true" />}
                {billing.state === 'past_due' ? 'Mettre à jour mon paiement' : 'Gérer mon abonnement'}
              </Button>
              <p className="text-xs text-stone-600">Changer de forfait ou de période, moyen de paiement, factures, résiliation en un clic.</p>
            </div>
          ) : null}
          <h3 className="text-sm font-semibold text-stone-800">Consommation du mois</h3>
          <UsageBar label="Emails envoyés à vos clients" used={usage.dinerEmailsThisMonth} limit={limits.dinerEmailsPerMonth} />
          {usage.dinerEmailsSkippedThisMonth > 0 ? (
            <p className="text-sm text-amber-800" data-testid="quota-skipped">
              {countFr(usage.dinerEmailsSkippedThisMonth, 'email client non envoyé', 'emails clients non envoyés')} ce mois-ci : quota atteint.
            </p>
          ) : null}
          <UsageBar label="Établissements" used={usage.venues} limit={limits.venues} />
          <UsageBar label="Membres (propriétaires, gérants, lecture)" used={usage.members} limit={limits.members} />
          <p className="text-xs text-stone-500">Les comptes équipe (comptoir) ne sont pas comptés. Les emails de compte et les alertes ne sont pas comptés.</p>
        </CardContent>
      </Card>

      <section aria-labelledby="plans-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="plans-title" className="text-lg font-semibold">
            Les forfaits
          </h3>
          {online && !subscribed ? (
            <div role="radiogroup" aria-label="Période de facturation" className="inline-flex rounded-full border border-stone-300 bg-white p-1 text-sm">
              {(['month', 'year'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  role="radio"
                  aria-checked={interval === value}
                  onClick={() => setPeriod(value)}
                  className={cn('rounded-full px-3 py-1.5 font-medium', interval === value ? 'bg-brand-700 text-white' : 'text-stone-700')}
                >
                  {value === 'month' ? 'Mensuel' : `Annuel (${gbp ? '-15%' : SITE_FR.pricing.badge})`}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <ul className="grid gap-4 md:grid-cols-3">
          {PLAN_IDS.map((id) => {
            const plan = PLANS[id];
            const prices = gbp ? plan.prices.gbp : plan.prices.eur;
            const current = subscription.state !== 'expired' && subscription.plan === id;
            const label = current && subscription.state === 'active' ? `Garder ${plan.name.fr}` : `Choisir ${plan.name.fr}`;
            return (
              <li key={id} data-testid="subscription-offer" className={cn('flex flex-col rounded-2xl border bg-white p-5', current ? 'border-brand-600 ring-1 ring-brand-600' : 'border-stone-200')}>
                <div className="flex items-center justify-between gap-2">
                  <h4 className="text-base font-semibold">{plan.name.fr}</h4>
                  {current ? <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{subscription.state === 'trial' ? 'Votre essai' : 'Votre forfait'}</span> : null}
                </div>
                <p className="mt-2 text-2xl font-bold tracking-tight">
                  {formatPrice(interval === 'year' && online && !subscribed ? prices.yearly : prices.monthly, pricing)}
                  <span className="text-sm font-normal text-stone-600"> {interval === 'year' && online && !subscribed ? '/an' : SITE_FR.pricing.perMonth} HT</span>
                </p>
                <p className="text-xs text-stone-600">
                  {interval === 'year' && online && !subscribed
                    ? `soit ${formatPrice(Math.round((prices.yearly / 12) * 100) / 100, pricing)} ${SITE_FR.pricing.perMonth}, ${SITE_FR.pricing.billedYearly}`
                    : `ou ${formatPrice(prices.yearly, pricing)} ${SITE_FR.pricing.billedYearly}`}
                </p>
                <ul className="mt-3 flex flex-col gap-1.5 text-sm">
                  {siteItems(plan, 'fr').map((item) => (
                    <li key={item} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
                      {item}
                    </li>
                  ))}
                </ul>
                {!online ? (
                  <Button asChild variant={current && subscription.state === 'active' ? 'outline' : 'default'} className="mt-4">
                    <a href={mailtoSales(organisation, id)}>{label}</a>
                  </Button>
                ) : subscribed ? (
                  <Button variant="outline" className="mt-4" onClick={openPortal} disabled={portal.isPending || (isPlanId(billing.plan) && billing.plan === id)}>
                    {isPlanId(billing.plan) && billing.plan === id ? 'Votre forfait' : `Passer à ${plan.name.fr}`}
                  </Button>
                ) : (
                  <Button className="mt-4" onClick={() => choose(id)} disabled={checkout.isPending}>
                    {checkout.isPending && checkout.variables?.plan === id ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
                    {checkout.isPending && checkout.variables?.plan === id ? 'Ouverture du paiement…' : `Choisir ${plan.name.fr}`}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {online && !subscribed ? (
          <p className="text-xs text-stone-600">
            Paiement sécurisé par Stripe : carte bancaire{gbp ? '' : ' ou prélèvement SEPA'}. TVA en sus selon votre pays et votre numéro de TVA.
            {subscription.state === 'trial' ? ' Votre essai continue : la première facture arrive à sa fin.' : ''} Sans engagement en mensuel, résiliable en un clic.
          </p>
        ) : null}
      </section>

      {online ? null : (
        <Card>
          <CardHeader>
            <CardTitle>Changer de forfait</CardTitle>
            <CardDescription>
              {billing.state === 'contract'
                ? 'Votre forfait est fixé par contrat : écrivez-nous pour le changer.'
                : 'Le paiement en ligne n’est pas configuré. Écrivez-nous avec le forfait choisi : l’équipe ReFeed le met en place avec vous, sans engagement en mensuel. Rien n’est supprimé en changeant de forfait.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <a href={mailtoSales(organisation, subscription.plan)}>
                <Mail className="size-4" aria-hidden="true" />
                Écrire à l’équipe commerciale
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={mailtoDemo(organisation)}>
                <MessageSquareHeart className="size-4" aria-hidden="true" />
                Demander une démo
              </a>
            </Button>
          </CardContent>
        </Card>
      )}
    </>
  );
}
