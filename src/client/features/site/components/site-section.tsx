import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * A section of a site page: a centred column (`width`) under its centred h2, named by it (`<name>-title`).
 * With `anchor`, the section is the target of `#<name>` in the header's links (kept clear of the sticky header).
 */
export function SiteSection({
  name,
  anchor = false,
  title,
  className,
  width = 'max-w-6xl',
  titleClassName,
  children,
}: {
  name: string;
  anchor?: boolean;
  title: ReactNode;
  className: string;
  width?: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section id={anchor ? name : undefined} aria-labelledby={`${name}-title`} className={cn(anchor && 'scroll-mt-16', className)}>
      <div className={cn('mx-auto px-4', width)}>
        <h2 id={`${name}-title`} className={cn('text-center text-3xl font-bold tracking-tight', titleClassName)}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** Cards of an icon, a title and a line, one per item, each item taking the icon of its rank in `icons`. */
export function IconCards({ items, icons, iconClassName, className }: { items: ReadonlyArray<{ title: string; text: string }>; icons: LucideIcon[]; iconClassName: string; className: string }) {
  return (
    <ul className={className}>
      {items.map((item, index) => {
        const Icon = icons[index];
        return (
          <li key={item.title} className="rounded-2xl border border-stone-200 bg-white p-5">
            <Icon className={cn('size-6', iconClassName)} aria-hidden="true" />
            <h3 className="mt-3 font-semibold">{item.title}</h3>
            <p className="mt-1 text-sm text-stone-600">{item.text}</p>
          </li>
        );
      })}
    </ul>
  );
}
