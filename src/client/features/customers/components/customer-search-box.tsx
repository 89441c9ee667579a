import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { Input, Label } from '../../../components/ui/input';
import { CUSTOMER_MESSAGES } from '../../../../shared/schemas/customers';
import { localizeMessage } from '../../../../shared/i18n/api-messages';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';

/** The search box: it writes ?q= after a short pause (and goes back to page 1). */
export function CustomerSearchBox({ q, setParams }: { q: string; setParams: SetURLSearchParams }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const [draft, setDraft] = useState(q);
  useEffect(() => {
    if (draft.trim() === q) return;
    const timer = setTimeout(
      () =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (draft.trim()) next.set('q', draft.trim());
            else next.delete('q');
            next.delete('page');
            return next;
          },
          { replace: true },
        ),
      250,
    );
    return () => clearTimeout(timer);
  }, [draft, q, setParams]);
  return (
    <form role="search" className="relative" onSubmit={(event) => event.preventDefault()}>
      <Label htmlFor="customer-search" className="sr-only">
        {m.customers_search_label()}
      </Label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400" aria-hidden="true" />
      <Input
        id="customer-search"
        type="search"
        className="pl-9"
        placeholder={localizeMessage(CUSTOMER_MESSAGES.searchPlaceholder, locale)}
        value={draft}
        maxLength={100}
        onChange={(event) => setDraft(event.target.value)}
        autoComplete="off"
      />
    </form>
  );
}
