import { useI18n } from './i18n';

/**
 * Five big stars built on native radio buttons: a radio group for screen readers, arrow keys move the
 * choice, and each star is a 56 px tap target. The invisible input covers its star, so a tap hits it.
 */
export function StarRating({ value, onChange, describedBy }: { value: number; onChange: (rating: number) => void; describedBy?: string }) {
  const { m } = useI18n();
  const words = ['', m.rating_1(), m.rating_2(), m.rating_3(), m.rating_4(), m.rating_5()];
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-2 text-base font-semibold text-stone-900">{m.rate_question()}</legend>
      <div className="flex justify-between gap-1 sm:justify-start sm:gap-2">
        {[1, 2, 3, 4, 5].map((rating) => (
          <label key={rating} className="relative flex size-14 items-center justify-center rounded-xl">
            <input
              type="radio"
              name="rating"
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              aria-label={m.stars({ count: rating })}
              className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
            />
            <StarIcon
              filled={rating <= value}
              className={`pointer-events-none size-11 rounded-xl transition-transform peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-active:scale-90 ${rating <= value ? 'text-amber-400' : 'text-stone-300'}`}
            />
          </label>
        ))}
      </div>
      <p className="mt-1 h-5 text-sm font-medium text-stone-600" aria-hidden="true">
        {words[value]}
      </p>
    </fieldset>
  );
}

function StarIcon({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round">
      <path d="M12 2.8l2.8 5.7 6.3.9-4.55 4.45 1.07 6.27L12 17.16l-5.62 2.96 1.07-6.27L2.9 9.4l6.3-.9z" />
    </svg>
  );
}
