import { Check } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatPrice, type SiteContent } from '../content';

/** The three plans with a monthly/annual switch; the annual view shows the yearly price divided by 12. */
export function PricingSection({ content }: { content: SiteContent }) {
  const { pricing } = content;
  const [yearly, setYearly] = useState(false);
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="pricing-title" className="text-center text-3xl font-bold tracking-tight">
          {pricing.title}
        </h2>
        <p className="mt-3 text-center text-stone-600">{pricing.text}</p>
        <div role="radiogroup" aria-label={pricing.title} className="mx-auto mt-8 flex w-fit items-center gap-1 rounded-full border border-stone-200 bg-stone-100 p-1">
          {[false, true].map((annual) => (
            <button
              key={String(annual)}
              type="button"
              role="radio"
              aria-checked={yearly === annual}
              onClick={() => setYearly(annual)}
              className={cn(
                'rounded-full px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                yearly === annual ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-700 hover:text-stone-900',
              )}
            >
              {annual ? pricing.yearly : pricing.monthly}
              {annual ? <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">{pricing.badge}</span> : null}
            </button>
          ))}
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {pricing.plans.map((plan) => (
            <li
              key={plan.name}
              data-testid="plan"
              className={cn('relative flex flex-col rounded-2xl border bg-white p-6', plan.popular ? 'border-brand-600 shadow-lg ring-1 ring-brand-600' : 'border-stone-200')}
            >
              {plan.popular ? (
                <span className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-0.5 text-xs font-semibold text-white">{pricing.popular}</span>
              ) : null}
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <p className="mt-4 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight" data-testid="plan-price">
                  {formatPrice(yearly ? Math.round((plan.yearly / 12) * 100) / 100 : plan.monthly, pricing)}
                </span>
                <span className="text-stone-600">{pricing.perMonth}</span>
              </p>
              <p className="mt-1 h-5 text-sm text-stone-600" data-testid="plan-billing">
                {yearly ? `${formatPrice(plan.yearly, pricing)} ${pricing.billedYearly}` : ''}
              </p>
              <ul className="mt-6 flex flex-1 flex-col gap-2 text-sm">
                {plan.items.map((item) => (
                  <li key={item} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
              <Button asChild className="mt-6" variant={plan.popular ? 'default' : 'outline'}>
                <a href={paths.signup.href(content.signupCountry)}>{pricing.cta}</a>
              </Button>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-xs text-stone-600">{pricing.note}</p>
      </div>
    </section>
  );
}
