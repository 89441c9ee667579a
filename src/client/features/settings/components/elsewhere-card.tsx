import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';

/** A setting that lives on another page (one form for each thing): what it is now, and a link there. */
export function ElsewhereCard({ icon, title, children, to, linkLabel }: { icon: ReactNode; title: string; children: ReactNode; to: string; linkLabel: string }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex gap-3">
        <span className="mt-0.5 text-brand-700" aria-hidden="true">
          {icon}
        </span>
        <div>
          <h2 className="text-base font-semibold">{title}</h2>
          <p className="text-sm text-stone-600">{children}</p>
        </div>
      </div>
      <Link to={to} className="inline-flex shrink-0 items-center gap-1 self-start text-sm font-medium whitespace-nowrap text-brand-700 underline underline-offset-4 sm:self-center">
        {linkLabel}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </Card>
  );
}
