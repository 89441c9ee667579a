import { CalendarDays, MessageSquare, Star, Sun, ThumbsUp } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import type { OwnerMessages } from '../../../../shared/i18n/owner';
import type { OwnerLocale } from '../../../../shared/rules/locales';
import type { TDashboard } from '../../../../shared/schemas/dashboard';
import { formatCount, formatDecimal } from '../../../../shared/format';

/** An average, one decimal; none is 'N/A' where the spec says so (the four counters of §2). */
const formatAverage = (value: number | null, m: OwnerMessages, locale: OwnerLocale) => (value === null ? m.reviews_counter_na() : formatDecimal(value, 1, locale));

/**
 * Today next to the spec's counters (issue #26): today's feedbacks and their average, and after 16:00
 * Paris those since 16:00 — what a busy evening looks like, not only the last 10. No rating yet is said
 * in words beside the day's words (issue #53: no 'N/A' where the spec does not ask for it).
 */
export function TodayCounters({ today, sinceEvening }: Pick<TDashboard, 'today' | 'sinceEvening'>) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const items = [
    { id: 'today', label: m.reviews_counter_today(), numbers: today },
    ...(sinceEvening ? [{ id: 'evening', label: m.reviews_counter_evening(), numbers: sinceEvening }] : []),
  ];
  return (
    <ul className={`grid gap-3 ${items.length === 2 ? 'grid-cols-2' : 'grid-cols-1'}`} aria-label={m.reviews_counter_today()}>
      {items.map(({ id, label, numbers }) => (
        <li key={id}>
          <Card className="flex h-full flex-col gap-1 border-brand-200 bg-brand-50/40 p-4" data-testid={`counter-${id}`}>
            <span className="flex items-center gap-1.5 text-xs font-medium text-stone-600 sm:text-sm">
              <Sun className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              {label}
            </span>
            <span className="flex flex-wrap items-baseline gap-x-2">
              {numbers.averageRating === null ? (
                <span className="text-base font-medium text-stone-600" data-testid={`counter-${id}-average`}>
                  {m.reviews_counter_no_rating_yet()}
                </span>
              ) : (
                <span className="text-2xl font-semibold tabular-nums sm:text-3xl" data-testid={`counter-${id}-average`}>
                  {formatAverage(numbers.averageRating, m, locale)}
                  <span className="sr-only"> {m.reviews_counter_average_sr()}</span>
                </span>
              )}
              <span className="text-sm text-stone-600 tabular-nums" data-testid={`counter-${id}-count`}>
                {m.reviews_count({ count: numbers.count, shown: formatCount(numbers.count, locale) })}
              </span>
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The four counters of spec §2, as the server computed them. */
export function DashboardCounters({ counters }: { counters: TDashboard['counters'] }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const items = [
    { id: 'visits', label: m.reviews_counter_visits(), value: formatCount(counters.visitsLast7Days, locale), icon: CalendarDays },
    { id: 'average', label: m.reviews_counter_average(), value: formatAverage(counters.averageRating, m, locale), icon: Star },
    { id: 'good', label: m.reviews_counter_good(), value: formatCount(counters.goodRatings, locale), icon: ThumbsUp, hint: m.reviews_counter_good_hint() },
    { id: 'recent', label: m.reviews_counter_recent(), value: formatCount(counters.recentCount, locale), icon: MessageSquare, hint: m.reviews_counter_recent_hint() },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={m.reviews_counter_list()}>
      {items.map(({ id, label, value, icon: Icon, hint }) => (
        <li key={id}>
          <Card className="flex h-full flex-col gap-1 p-4" data-testid={`counter-${id}`}>
            <span className="flex items-center gap-1.5 text-xs font-medium text-stone-600 sm:text-sm">
              <Icon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              {label}
            </span>
            <span className="text-2xl font-semibold tabular-nums sm:text-3xl" data-testid={`counter-${id}-value`}>
              {value}
            </span>
            {hint ? <span className="text-xs text-stone-500">{hint}</span> : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
