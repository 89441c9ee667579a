import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useRef } from 'react';
import { useQrDecode } from './use-qr-decode';

/**
 * A small diagnostic: the URL the QR should encode next to what the stored PNG really decodes to.
 * Folded into one quiet line while they match; a mismatch opens it, highlighted.
 */
export function QrDecodeCheck({ sourceUrl, imageUrl, scanUrl }: { sourceUrl: string; imageUrl: string; scanUrl?: string }) {
  const container = useRef<HTMLDetailsElement>(null);
  const decoded = useQrDecode(imageUrl, container);
  const matches = decoded === sourceUrl;
  // A mismatch opens the details so both URLs are in view.
  return (
    <details
      ref={container}
      open={(decoded !== null && !matches) || undefined}
      className={`group text-xs ${decoded !== null && !matches ? 'rounded-lg border border-amber-200 bg-amber-50' : ''}`}
      data-testid="qr-decode-check"
    >
      <summary className={`flex w-fit cursor-pointer items-center gap-1.5 text-stone-500 select-none ${decoded !== null && !matches ? 'px-3 py-2' : ''}`}>
        <span aria-live="polite" className="flex items-center gap-1.5">
          {decoded === null ? (
            <span className="text-stone-500">Vérification du PNG…</span>
          ) : matches ? (
            <>
              <CheckCircle2 className="size-3.5 text-green-700" aria-hidden="true" />
              <span>Le PNG encode bien l’URL</span>
            </>
          ) : (
            <>
              <AlertTriangle className="size-4 text-amber-700" aria-hidden="true" />
              <span className="text-amber-800">
                Le PNG n’encode pas la même URL
              </span>
            </>
          )}
        </span>
      </summary>
      <dl className="mt-1 grid gap-1 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2">
        <dt className="text-stone-500">URL source</dt>
        <dd className="font-mono break-all text-stone-800" data-testid="qr-source-url">
          {sourceUrl}
        </dd>
        <dt className="mt-1 text-stone-500">URL décodée</dt>
        <dd className="font-mono break-all text-stone-800" data-testid="qr-decoded-url">
          {decoded ?? '…'}
        </dd>
        {scanUrl ? (
          <>
            <dt className="mt-1 text-stone-500">Lien court</dt>
            <dd className="font-mono break-all text-stone-800">{scanUrl}</dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}
