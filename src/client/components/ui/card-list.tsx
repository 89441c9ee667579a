import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A list of cards (members, invitations, API keys, webhook endpoints): one <li> an item, named for screen readers. */
export function CardList<T>({ items, label, keyOf, className, children }: { items: readonly T[]; label?: string; keyOf: (item: T) => string; className?: string; children: (item: T) => ReactNode }) {
  return (
    <ul className={cn('flex flex-col gap-3', className)} aria-label={label}>
      {items.map((item) => (
        <li key={keyOf(item)}>{children(item)}</li>
      ))}
    </ul>
  );
}
