import { Star } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useOwnerMessages } from '../../lib/owner-locale';

/** A 1–5 rating as five stars, read out as 'n étoiles sur 5' (in the tab's language). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const m = useOwnerMessages();
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={m.shell_stars({ count: rating })}>
      {[1, 2, 3, 4, 5].map((value) => (
        <Star key={value} aria-hidden="true" className={cn('size-4', value <= rating ? 'fill-amber-400 text-amber-400' : 'fill-none text-stone-300')} />
      ))}
    </span>
  );
}
