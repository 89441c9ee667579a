import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import type { SiteContent } from '../content';
import { SiteSection } from './site-section';

/**
 * Questions as a disclosure list: one answer open at a time, buttons with aria-expanded/aria-controls.
 * Its ids are fixed (one FAQ per page), not useId: hydrated as an island of its own (decision 050), its
 * markup must be the prerendered page's.
 */
export function FaqSection({ content }: { content: SiteContent }) {
  const [open, setOpen] = useState<number | null>(0);
  return (
    <SiteSection name="faq" anchor title={content.faq.title} className="py-16 sm:py-20" width="max-w-3xl">
      <ul className="mt-8 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
        {content.faq.items.map((item, index) => {
          const expanded = open === index;
          const answerId = `faq-answer-${index}`;
          return (
            <li key={item.question}>
              <h3>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={answerId}
                  onClick={() => setOpen(expanded ? null : index)}
                  className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {item.question}
                  <ChevronDown className={cn('size-5 shrink-0 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
                </button>
              </h3>
              <div id={answerId} role="region" aria-label={item.question} hidden={!expanded} className="px-5 pb-4 text-stone-600">
                {item.answer}
              </div>
            </li>
          );
        })}
      </ul>
    </SiteSection>
  );
}
