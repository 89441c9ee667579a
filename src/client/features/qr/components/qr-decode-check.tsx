import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useRef } from 'react';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { DECODE_ERROR, NOT_DECODABLE, useQrDecode } from './use-qr-decode';

/**
 * A small diagnostic: the URL the QR should encode next to what the stored PNG really decodes to.
 * Folded into one quiet line while they match; a mismatch opens it, highlighted.
 */
export function QrDecodeCheck({ sourceUrl, imageUrl, scanUrl }: { sourceUrl: string; imageUrl: string; scanUrl?: string }) {
  const m = useOwnerMessages();
  const container = useRef<HTMLDetailsElement>(null);
  const decoded = useQrDecode(imageUrl, container);
  const matches = decoded === sourceUrl;
  const decodedShown = decoded === DECODE_ERROR ? m.venues_qr_decode_error() : decoded === NOT_DECODABLE ? m.venues_qr_not_decodable() : decoded;
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
            <span className="text-stone-500">{m.venues_qr_check_pending()}</span>
          ) : matches ? (
            <>
              <CheckCircle2 className="size-3.5 text-green-700" aria-hidden="true" />
              <span>{m.venues_qr_check_ok()}</span>
            </>
          ) : (
            <>
              <AlertTriangle className="size-4 text-amber-700" aria-hidden="true" />
              <span className="text-amber-800">{m.venues_qr_check_mismatch()}</span>
            </>
          )}
        </span>
      </summary>
      <dl className="mt-1 grid gap-1 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2">
        <dt className="text-stone-500">{m.venues_qr_source_url()}</dt>
        <dd className="font-mono break-all text-stone-800" data-testid="qr-source-url">
          {sourceUrl}
        </dd>
        <dt className="mt-1 text-stone-500">{m.venues_qr_decoded_url()}</dt>
        <dd className="font-mono break-all text-stone-800" data-testid="qr-decoded-url">
          {decodedShown ?? '…'}
        </dd>
        {scanUrl ? (
          <>
            <dt className="mt-1 text-stone-500">{m.venues_qr_short_link()}</dt>
            <dd className="font-mono break-all text-stone-800">{scanUrl}</dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}
