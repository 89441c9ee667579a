import { Printer } from 'lucide-react';
import type { TQrCardsLayout } from '../../../../shared/schemas/qr';
import { buttonVariants } from '../../../components/ui/button';
import { buildTableCardsUrl } from '../api/get-table-cards';
import { useOwnerMessages } from '../../../lib/owner-locale';
import type { OwnerMessages } from '../../../../shared/i18n/owner';

const LAYOUTS: Array<{ value: TQrCardsLayout; label: (m: OwnerMessages) => string }> = [
  { value: 'a6', label: (m) => m.venues_qr_layout_a6() },
  { value: 'a4', label: (m) => m.venues_qr_layout_a4() },
];

/** Printable table cards: the format, and every QR at once (each card also prints its own). */
export function QrPrintPanel({ layout, onLayoutChange }: { layout: TQrCardsLayout; onLayoutChange: (layout: TQrCardsLayout) => void }) {
  const m = useOwnerMessages();
  return (
    <section aria-labelledby="qr-print-title" className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex flex-col gap-2">
        <h2 id="qr-print-title" className="font-semibold">
          {m.venues_qr_print_title()}
        </h2>
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <legend className="sr-only">{m.venues_qr_print_format()}</legend>
          {LAYOUTS.map((option) => (
            <label key={option.value} className="flex items-center gap-2">
              <input
                type="radio"
                name="qr-print-layout"
                value={option.value}
                checked={layout === option.value}
                onChange={() => onLayoutChange(option.value)}
                className="size-4 accent-brand-700"
              />
              {option.label(m)}
            </label>
          ))}
        </fieldset>
      </div>
      <a href={buildTableCardsUrl({ layout })} target="_blank" rel="noopener" className={buttonVariants({ variant: 'secondary' })}>
        <Printer aria-hidden="true" />
        {m.venues_qr_print_all()}
      </a>
    </section>
  );
}
