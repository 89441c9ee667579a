import type { ReactNode } from 'react';

/**
 * The frame of every owner page: the owner gate (spec §4) and the header with the restaurant's name,
 * the user's role and sign-out. Issue [accounts] fills in the gate and the header.
 */
export function OwnerLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <h1 className="sr-only">{title}</h1>
        {children}
      </main>
    </div>
  );
}
