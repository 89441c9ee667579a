import { useEffect, useRef } from 'react';
import { POSITIVE_RATING } from '../../shared/schemas/diner-messages';
import { dinerPaths as paths } from '../../shared/diner-paths';
import type { SubmittedFeedback } from './feedback-form';
import { PRIMARY_BUTTON } from './fields';
import { LinkEmailBox } from './link-email-box';
import { formatCount } from '../../shared/format';
import { B1, B2, bold, useI18n } from './i18n';

// The card page (/f/{id}/carte) is fetched with this chunk (main.tsx).
export { CardPage } from './card';
import { CheckCircleIcon, ExternalLinkIcon, GiftIcon } from './icons';

/**
 * After the submission: points, rewards, then the review link (4–5 stars) or the apology (3 or less).
 * When the restaurant offers the public review to everyone (`reviewPromptAllRatings`, Google's policy
 * against review gating), the link follows the apology too.
 */
export function ThankYou({
  page,
  submitted,
  restaurantId,
  restaurantName,
  reviewUrl,
  reviewPromptAllRatings = false,
}: {
  page: 'r' | 'f';
  submitted: SubmittedFeedback;
  restaurantId: string;
  restaurantName: string;
  reviewUrl: string | null;
  reviewPromptAllRatings?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { locale, m } = useI18n();
  const points = (count: number) => m.points({ count, points: formatCount(count, locale) });
  const balance = submitted.result.balance;
  const { result, rating } = submitted;
  const positive = rating >= POSITIVE_RATING;
  // After an unlock: what the diner reached, what the rewards set aside, what is left (the balance).
  const setAside = result.unlockedRewards.reduce((sum, reward) => sum + (reward.cost ?? 0), 0);
  const reached = result.reached ?? balance + setAside;

  // Screen readers and keyboards land on the confirmation.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="space-y-5" aria-labelledby="thanks-title">
      <div role="status" className="flex flex-col items-center gap-2 pt-2 text-center">
        <CheckCircleIcon className="size-14 text-emerald-600" />
        <h2 id="thanks-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-stone-900 focus:outline-none">
          {m.feedback_thanks()}
        </h2>
      </div>

      <div className="rounded-2xl border border-brand-200 bg-brand-50 p-4 text-center">
        {/* A rating that earned nothing says why (the note below), never « +0 point ». */}
        {result.pointsAdded > 0 ? <p className="text-3xl font-bold text-brand-700">{m.points_added({ points: points(result.pointsAdded) })}</p> : null}
        {result.earning === 'interval' ? (
          <p className="mt-1 text-sm text-stone-700" data-testid="earning-note">
            {m.earning_interval()}
          </p>
        ) : result.earning === 'daily_cap' ? (
          <p className="mt-1 text-sm text-stone-700" data-testid="earning-note">
            {m.earning_daily_cap()}
          </p>
        ) : null}
        {setAside > 0 ? (
          <p className="mt-1 text-stone-700" data-testid="unlock-figures">
            {bold(m.unlock_figures({ reached: B1, setAside: points(setAside), balance: B2 }), points(reached), points(balance))}
          </p>
        ) : (
          <p className="mt-1 text-stone-700">
            {bold(m.your_balance({ balance: B1 }), points(balance))}
          </p>
        )}
        {result.unlockedRewards.length > 0 ? (
          <div className="mt-3 border-t border-brand-200 pt-3">
            <p className="font-semibold text-stone-900">{m.reward_unlocked()}</p>
            <ul className="mt-1 space-y-1">
              {result.unlockedRewards.map((reward) => (
                <li key={reward.name} className="flex items-center justify-center gap-2 text-stone-800">
                  <GiftIcon className="size-5 text-brand-700" />
                  {reward.name}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-sm text-stone-600">{m.claim_next()}</p>
          </div>
        ) : null}
        <a href={paths.dinerCard.href(restaurantId)} className="mt-3 inline-block font-semibold text-brand-800 underline">
          {m.see_card()}
        </a>
      </div>

      {positive ? (
        reviewUrl ? (
          <div className="space-y-3 text-center">
            <p className="text-stone-700">{m.share_positive({ name: restaurantName })}</p>
            <a href={reviewUrl} target="_blank" rel="noopener noreferrer" className={PRIMARY_BUTTON}>
              {m.google_review()}
              <ExternalLinkIcon className="size-5" />
            </a>
          </div>
        ) : null
      ) : page === 'r' ? (
        <p className="rounded-xl bg-stone-100 p-4 text-center text-stone-700">
          {m.sorry_r({ name: restaurantName })}
        </p>
      ) : (
        <p className="rounded-xl bg-stone-100 p-4 text-center text-stone-700">{m.sorry_f({ name: restaurantName })}</p>
      )}

      {!positive && reviewPromptAllRatings && reviewUrl ? (
        <div className="space-y-3 text-center">
          <p className="text-stone-700">{m.share_public()}</p>
          <a href={reviewUrl} target="_blank" rel="noopener noreferrer" className={PRIMARY_BUTTON}>
            {m.google_review()}
            <ExternalLinkIcon className="size-5" />
          </a>
        </div>
      ) : null}

      {submitted.anonymous ? null : (
        <p className="rounded-xl bg-stone-100 p-4 text-center text-sm text-stone-700" data-testid="email-claim-note">
          {m.email_claim_note()}
        </p>
      )}

      {submitted.anonymous && balance > 0 ? <LinkEmailBox restaurantId={restaurantId} restaurantName={restaurantName} balance={balance} /> : null}
    </section>
  );
}

