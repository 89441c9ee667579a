import { Printer } from 'lucide-react';
import type { TQrCardsLayout } from '../../../../shared/schemas/qr';
import { buttonVariants } from '../../../components/ui/button';
import { buildTableCardsUrl } from '../api/get-table-cards';

const LAYOUTS: Array<{ value: TQrCardsLayout; label: string }> = [
  { value: 'a6', label: 'Une carte A6 par QR' },
  { value: 'a4', label: '4 cartes par feuille A4' },
];

/** Printable table cards: the format, and every QR at once (each card also prints its own). */
export function QrPrintPanel({ layout, onLayoutChange }: { layout: TQrCardsLayout; onLayoutChange: (layout: TQrCardsLayout) => void }) {
  return (
    <section aria-labelledby="qr-print-title" className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex flex-col gap-2">
        <h2 id="qr-print-title" className="font-semibold">
          Cartes de table à imprimer
        </h2>
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <legend className="sr-only">Format d’impression</legend>
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
              {option.label}
            </label>
          ))}
        </fieldset>
      </div>
      <a href={buildTableCardsUrl({ layout })} target="_blank" rel="noopener" className={buttonVariants({ variant: 'secondary' })}>
        <Printer aria-hidden="true" />
        Imprimer tout
      </a>
    </section>
  );
}
