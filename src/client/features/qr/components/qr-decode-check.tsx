import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useQrDecode } from './use-qr-decode';

/** Diagnostic: the URL the QR should encode next to what the stored PNG really decodes to. */
export function QrDecodeCheck({ sourceUrl, imageUrl, scanUrl }: { sourceUrl: string; imageUrl: string; scanUrl?: string }) {
  const decoded = useQrDecode(imageUrl);
  const matches = decoded === sourceUrl;
  // A mismatch opens the details so both URLs are in view.
  return (
    <details open={(decoded !== null && !matches) || undefined} className="group rounded-lg border border-stone-200 bg-stone-50 text-xs" data-testid="qr-decode-check">
      <summary className="flex cursor-pointer items-center gap-1.5 px-3 py-2 font-medium text-stone-700 select-none">
        <span aria-live="polite" className="flex items-center gap-1.5">
          {decoded === null ? (
            <span className="text-stone-500">Vérification du PNG…</span>
          ) : matches ? (
            <>
              <CheckCircle2 className="size-4 text-green-700" aria-hidden="true" />
              <span className="text-green-800">Le PNG encode bien l’URL</span>
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
      <dl className="grid gap-1 border-t border-stone-200 px-3 py-2">
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
