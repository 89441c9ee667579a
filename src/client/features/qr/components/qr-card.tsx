import { Star } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatCount, formatDate } from '../../../../shared/format';
import type { TQrCardsLayout, TQrCode } from '../../../../shared/schemas/qr';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { qrLabelShown } from '../../../../shared/rules/qr-label';
import { QrCardActions } from './qr-card-actions';
import { QrDecodeCheck } from './qr-decode-check';
import { getQrTitle } from './qr-title';

/** One QR code of /qr: its title, image, creation date and scans, the decode check and its actions. */
export function QrCard({ qr, layout }: { qr: TQrCode; layout: TQrCardsLayout }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const title = getQrTitle(qr, m);
  const titleId = `qr-title-${qr.id}`;

  return (
    <Card className="flex w-full min-w-0 flex-col gap-4 p-4 sm:p-5" aria-labelledby={titleId} role="article" data-testid="qr-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate text-lg font-semibold" title={title}>
            {title}
          </h3>
          {qr.isPrimary && qr.tableLabel ? <p className="truncate text-sm text-stone-500">{qrLabelShown(qr.tableLabel, locale)}</p> : null}
        </div>
        {qr.isPrimary ? (
          <Badge className="shrink-0 gap-1">
            <Star className="size-3" aria-hidden="true" />
            {m.venues_qr_main_badge()}
          </Badge>
        ) : null}
      </div>

      <img
        src={qr.imageUrl}
        alt={m.venues_qr_image_alt({ title })}
        width={192}
        height={192}
        loading="lazy"
        className="mx-auto size-48 rounded-md border border-stone-200 bg-white"
      />

      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-stone-500">{m.venues_qr_created_on()}</dt>
          <dd className="font-medium">{formatDate(qr.createdAt, locale)}</dd>
        </div>
        <div>
          <dt className="text-stone-500">{m.venues_qr_scans()}</dt>
          <dd className="font-medium" data-testid="qr-scan-count">
            {formatCount(qr.scanCount, locale)}
          </dd>
        </div>
      </dl>

      <QrDecodeCheck sourceUrl={qr.publicUrl} imageUrl={qr.imageUrl} scanUrl={qr.isPrimary ? qr.scanUrl : undefined} />

      <QrCardActions qr={qr} title={title} layout={layout} />
    </Card>
  );
}
