import { useEffect, useRef, useState, type FormEvent } from 'react';

/**
 * A search box that sends what is typed `delayMs` after the last key (or at once on submit), and follows
 * the address's search `q` when it changes from outside (the back button). `dropPending` forgets a search
 * typed but not yet sent: opening a result must not be followed by that late search navigating back.
 */
export function useSearchBox(q: string, onSearch: (value: string) => void, delayMs: number) {
  const [text, setText] = useState(q);
  // The newest callback, read when the delay ends (the caller may pass a new one each render).
  const latestOnSearch = useRef(onSearch);
  useEffect(() => {
    latestOnSearch.current = onSearch;
  });

  // The last search this box sent; every other change of the address came from outside.
  const sentQ = useRef(q);
  useEffect(() => {
    if (q === sentQ.current) return;
    sentQ.current = q;
    setText(q);
  }, [q]);

  const search = (value: string) => {
    sentQ.current = value.trim();
    latestOnSearch.current(value);
  };

  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (text.trim() === q) return;
    pending.current = setTimeout(() => {
      sentQ.current = text.trim();
      latestOnSearch.current(text);
    }, delayMs);
    return () => clearTimeout(pending.current);
  }, [text, q, delayMs]);

  return {
    text,
    setText,
    submit(event: FormEvent) {
      event.preventDefault();
      search(text);
    },
    dropPending: () => clearTimeout(pending.current),
  };
}
