import { BarChart3, BellRing, Gift, Lock, Mail, MailCheck, QrCode, Server, ShieldCheck, Star, Users, Wand2 } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { SiteContent } from '../content';
import { SCREENSHOTS } from '../screenshots';
import { DemoPlayer } from './demo-player';
import { DemoRequestForm } from './demo-request-form';
import { FaqSection } from './faq-section';
import { Island } from './island';
import { PricingSection } from './pricing-section';
import { SignupBanner } from './signup-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { IconCards, SiteSection } from './site-section';

const STEP_ICONS = [QrCode, Star, Gift, Mail];
const FEATURE_ICONS = [Star, BellRing, Gift, Users, Wand2, BarChart3];
const TRUST_ICONS = [ShieldCheck, Server, MailCheck];

/** Sets the page's language and title while it is shown (/en is en-GB, the rest of the app French). */
export function useDocumentLanguage(lang: string, title: string) {
  useEffect(() => {
    const previous = { lang: document.documentElement.lang, title: document.title };
    document.documentElement.lang = lang;
    document.title = title;
    return () => {
      document.documentElement.lang = previous.lang;
      document.title = previous.title;
    };
  }, [lang, title]);
}

/** The marketing landing page, in the language of `content` (spec §2 sections, in order). */
export function LandingPage({ content }: { content: SiteContent }) {
  useDocumentLanguage(content.lang, content.title);
  return (
    <div className="min-h-dvh bg-stone-50 text-stone-900">
      <SiteHeader content={content} />
      <main>
        <section className="mx-auto max-w-6xl px-4 pt-14 pb-12 text-center sm:pt-20">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{content.hero.title}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-stone-600">{content.hero.text}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <a href={paths.signup.href(content.signupCountry)}>{content.hero.primary}</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#demo">{content.hero.secondary}</a>
            </Button>
          </div>
          <p className="mt-4 text-sm text-stone-600">{content.hero.note}</p>
          <dl className="mx-auto mt-10 grid max-w-3xl grid-cols-2 gap-4 sm:grid-cols-4">
            {content.hero.claims.map((claim) => (
              <div key={claim.label} className="rounded-xl border border-stone-200 bg-white px-3 py-4">
                <dt className="sr-only">{claim.label}</dt>
                <dd>
                  <span className="block text-2xl font-bold text-brand-700">{claim.value}</span>
                  <span className="text-sm text-stone-600">{claim.label}</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section id="demo" aria-labelledby="demo-title" className="scroll-mt-16 px-4 pb-16">
          <h2 id="demo-title" className="text-center text-3xl font-bold tracking-tight">
            {content.demo.title}
          </h2>
          <p className="mx-auto mt-3 mb-8 max-w-2xl text-center text-stone-600">{content.demo.text}</p>
          <Island name="demo">
            <DemoPlayer content={content} />
          </Island>
        </section>

        <HowItWorks content={content} />

        <ProductScreens content={content} />

        <SiteSection name="features" anchor title={content.features.title} className="py-16 sm:py-20">
          <IconCards items={content.features.items} icons={FEATURE_ICONS} iconClassName="text-brand-700" className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" />
        </SiteSection>

        <Island name="pricing">
          <PricingSection content={content} />
        </Island>

        <SiteSection
          name="trust"
          title={
            <>
              <Lock className="size-7 text-brand-700" aria-hidden="true" />
              {content.trust.title}
            </>
          }
          titleClassName="flex items-center justify-center gap-2"
          className="py-16 sm:py-20"
        >
          <IconCards items={content.trust.items} icons={TRUST_ICONS} iconClassName="text-green-700" className="mt-10 grid gap-5 md:grid-cols-3" />
        </SiteSection>

        <section id="start" aria-labelledby="start-title" className="scroll-mt-16 bg-brand-50 py-16 sm:py-20">
          <div className="mx-auto grid max-w-6xl gap-8 px-4 lg:grid-cols-2 lg:items-center">
            <div>
              <h2 id="start-title" className="text-3xl font-bold tracking-tight">
                {content.start.title}
              </h2>
              <p className="mt-3 text-stone-700">{content.start.text}</p>
              <Button asChild size="lg" className="mt-6">
                <a href={paths.signup.href(content.signupCountry)}>{content.hero.primary}</a>
              </Button>
            </div>
            <Island name="demo-form">
              <DemoRequestForm content={content} />
            </Island>
          </div>
        </section>

        <Island name="faq">
          <FaqSection content={content} />
        </Island>
      </main>
      <SiteFooter content={content} />
      <Island name="banner">
        <SignupBanner content={content} />
      </Island>
    </div>
  );
}

/** How it works: the steps from the QR code on the table to the email that brings the diner back. */
function HowItWorks({ content }: { content: SiteContent }) {
  return (
    <SiteSection name="how" anchor title={content.how.title} className="bg-white py-16 sm:py-20">
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {content.how.steps.map((step, index) => {
          const Icon = STEP_ICONS[index];
          return (
            <li key={step.title} className="rounded-2xl border border-stone-200 p-5">
              <span className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-stone-600">{index + 1}</span>
              </span>
              <h3 className="mt-3 text-lg font-semibold">{step.title}</h3>
              <p className="mt-1 text-sm text-stone-600">{step.text}</p>
            </li>
          );
        })}
      </ol>
    </SiteSection>
  );
}

/** Screenshots of the app itself (npm run screenshots): the diner's phone and the owner's dashboard. */
function ProductScreens({ content }: { content: SiteContent }) {
  const { diner, dashboard } = SCREENSHOTS;
  return (
    <section aria-labelledby="screens-title" className="bg-white pb-16 sm:pb-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="screens-title" className="text-center text-3xl font-bold tracking-tight">
          {content.screens.title}
        </h2>
        <div className="mt-10 grid items-start gap-8 md:grid-cols-[minmax(0,15rem)_minmax(0,1fr)] md:gap-10">
          <figure className="mx-auto w-full max-w-60">
            <img
              src={`/${diner.src}`}
              width={diner.width / 2}
              height={diner.height / 2}
              alt={content.screens.diner.alt}
              loading="lazy"
              decoding="async"
              className="h-auto w-full rounded-[2rem] border-8 border-stone-900 bg-stone-50 shadow-lg"
            />
            <figcaption className="mt-3 text-center text-sm text-stone-600">{content.screens.diner.caption}</figcaption>
          </figure>
          <figure className="w-full">
            <img
              src={`/${dashboard.src}`}
              width={dashboard.width / 2}
              height={dashboard.height / 2}
              alt={content.screens.dashboard.alt}
              loading="lazy"
              decoding="async"
              className="h-auto w-full rounded-xl border border-stone-200 bg-stone-50 shadow-lg"
            />
            <figcaption className="mt-3 text-center text-sm text-stone-600">{content.screens.dashboard.caption}</figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
