import { cn } from '../../lib/cn';

/** The look of a link in the owner and admin headers; the active page is highlighted. */
export function headerNavLinkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-stone-700 hover:bg-stone-100',
    isActive && 'bg-brand-50 text-brand-800 hover:bg-brand-100',
  );
}
