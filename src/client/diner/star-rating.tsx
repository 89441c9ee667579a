import { StarIcon } from './icons';

const RATING_WORDS = ['', 'Très déçu', 'Déçu', 'Correct', 'Très bien', 'Excellent\u00a0!'];

/**
 * Five big stars built on native radio buttons: a radio group for screen readers, arrow keys move the
 * choice, and each star is a 56 px tap target. The invisible input covers its star, so a tap hits it.
 */
export function StarRating({ value, onChange, describedBy }: { value: number; onChange: (rating: number) => void; describedBy?: string }) {
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-2 text-base font-semibold text-stone-900">Quelle note donnez-vous à votre visite{'\u00a0'}?</legend>
      <div className="flex justify-between gap-1 sm:justify-start sm:gap-2">
        {[1, 2, 3, 4, 5].map((rating) => (
          <label key={rating} className="relative flex size-14 items-center justify-center rounded-xl">
            <input
              type="radio"
              name="rating"
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              aria-label={`${rating} étoile${rating > 1 ? 's' : ''}`}
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
        {RATING_WORDS[value]}
      </p>
    </fieldset>
  );
}
