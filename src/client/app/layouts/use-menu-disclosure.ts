import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useLocation } from 'react-router';

/**
 * A menu shown and hidden by a button (the disclosure pattern: a button with aria-expanded controlling
 * the panel). Opening it puts the focus on its first link; Escape closes it and gives the focus back to the
 * button; a click or the focus outside closes it; following one of its links (a new address) closes it.
 */
export function useMenuDisclosure() {
  const { pathname } = useLocation();
  // Open on the address it was opened at: a new address closes it with no effect to run.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === pathname;
  const containerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedAt(null);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpenedAt(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return {
    open,
    containerRef,
    buttonRef,
    panelRef,
    toggle: () => setOpenedAt(open ? null : pathname),
    /** Tabbing out of the menu closes it. */
    onBlur: (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (open && next && !containerRef.current?.contains(next)) setOpenedAt(null);
    },
  };
}
