import type { ReactNode } from 'react';
import { QueryError } from './ui/query-error';
import { Skeleton } from './ui/skeleton';
import { cn } from '../lib/cn';

/** What QueryView reads of a TanStack query's result. */
export type QueryState<T> = { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };

/**
 * A page's one query in its three states: `loading` while it runs, the error with a retry (titled
 * `errorTitle`), then `children` with the data.
 */
export function QueryView<T>({ query, loading, errorTitle, children }: { query: QueryState<T>; loading: ReactNode; errorTitle: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError || query.data === undefined) {
    return <QueryError title={errorTitle} detail={query.error?.message} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

/** Skeleton blocks standing in for a page's cards while it loads, announced to screen readers as `label`. */
export function LoadingBlocks({ label, blocks, className = 'flex flex-col gap-4' }: { label: string; blocks: string[]; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn(className)}>
      <span className="sr-only">{label}</span>
      {blocks.map((block, index) => (
        <Skeleton key={index} className={block} />
      ))}
    </div>
  );
}
