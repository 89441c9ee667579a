import { useEffect, type ReactNode } from 'react';

/** One owner page inside the layout: its document title and its (visually hidden) main heading. */
export function OwnerPage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ReFeed`;
  }, [title]);
  return (
    <>
      <h1 className="sr-only">{title}</h1>
      {children}
    </>
  );
}
