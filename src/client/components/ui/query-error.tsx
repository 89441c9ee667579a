import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Card } from './card';
import { useOwnerMessages } from '../../lib/owner-locale';

/** An inline error state with a retry button. */
export function QueryError({ title, detail, onRetry, children }: { title: string; detail?: string; onRetry?: () => void; children?: ReactNode }) {
  const m = useOwnerMessages();
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-5 py-10 text-center">
      <AlertTriangle className="size-8 text-red-600" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      {detail ? <p className="text-sm text-stone-600">{detail}</p> : null}
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry ? (
          <Button variant="outline" onClick={onRetry}>
            {m.shell_retry()}
          </Button>
        ) : null}
        {children}
      </div>
    </Card>
  );
}
