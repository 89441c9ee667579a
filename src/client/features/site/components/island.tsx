import type { ReactNode } from 'react';

/** The interactive parts of the landing page, each hydrated on its own (src/client/site/islands.tsx). */
export type IslandName = 'demo' | 'pricing' | 'demo-form' | 'faq' | 'banner' | 'year';

/**
 * Marks an interactive part of a prerendered site page (decision 050): the browser hydrates only these,
 * each as a React root of its own, and leaves the rest of the page as the server sent it. The wrapper
 * takes no room (`display: contents`); `inline` makes it a span, for inside a paragraph. What is inside
 * must render the same markup alone as in the page (no useId: fixed ids).
 */
export function Island({ name, inline = false, children }: { name: IslandName; inline?: boolean; children: ReactNode }) {
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag data-island={name} className="contents">
      {children}
    </Tag>
  );
}
