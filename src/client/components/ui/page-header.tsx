import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

/** The link back to a page's parent (« Retour au tableau de bord », « API et clés »), above its heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/**
 * A page's visible heading: its title (an h2: the owner layout's page title is the h1), a line saying what
 * the page is for, and its main actions beside them from 640 px (below them on a phone).
 */
export function PageHeader({
  title,
  description,
  live,
  actions,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** The description changes with the data (a count, a period): screen readers are told. */
  live?: boolean;
  actions?: ReactNode;
  className?: string;
}) {
  const heading = (
    <div className="flex flex-col gap-1">
      <h2 className="text-2xl font-semibold tracking-tight">{title}</h2>
      {description ? (
        <p className="max-w-2xl text-sm text-stone-600" aria-live={live ? 'polite' : undefined}>
          {description}
        </p>
      ) : null}
    </div>
  );
  if (!actions) return <div className={className}>{heading}</div>;
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between', className)}>
      {heading}
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  );
}
