import { QrCode } from 'lucide-react';
import { useState } from 'react';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useQrCodes } from '../api/get-qr-codes';
import { QrCard } from '../components/qr-card';
import { QrCreateForm } from '../components/qr-create-form';
import { QrPrintPanel } from '../components/qr-print-panel';
import { ReviewLinkBanner } from '../components/review-link-banner';
import type { TQrCardsLayout } from '../../../../shared/schemas/qr';
import { BackLink, PageHeader } from '../../../components/ui/page-header';
import { useOwnerMessages } from '../../../lib/owner-locale';

export function QrPage() {
  const m = useOwnerMessages();
  const qrCodes = useQrCodes();
  const [layout, setLayout] = useState<TQrCardsLayout>('a6');
  const list = qrCodes.data?.qrCodes ?? [];

  return (
    <>
      <div className="flex flex-col gap-5">
        <BackLink to={paths.dashboard.href()}>{m.venues_qr_back()}</BackLink>

        <PageHeader title={m.venues_qr_heading()} description={m.venues_qr_intro()} />

        {qrCodes.data && !qrCodes.data.hasReviewLink ? <ReviewLinkBanner /> : null}

        <QrCreateForm qrCount={list.length} hasPrimary={list.some((qr) => qr.isPrimary)} />

        {qrCodes.isPending ? (
          <div role="status" aria-live="polite" className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
            <span className="sr-only">{m.venues_qr_loading()}</span>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-96 w-full rounded-xl" />
            ))}
          </div>
        ) : qrCodes.isError ? (
          <QueryError title={m.venues_qr_load_failed()} detail={qrCodes.error.message} onRetry={() => void qrCodes.refetch()} />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center">
            <QrCode className="size-10 text-stone-400" aria-hidden="true" />
            <p className="text-stone-700">{m.venues_qr_empty()}</p>
          </div>
        ) : (
          <>
            <QrPrintPanel layout={layout} onLayoutChange={setLayout} />
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label={m.venues_qr_list_label()}>
              {list.map((qr) => (
                <li key={qr.id} className="flex">
                  <QrCard qr={qr} layout={layout} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
