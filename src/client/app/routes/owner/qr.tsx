import { ArrowLeft, QrCode } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { OwnerPage } from '../../layouts/owner-layout';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useQrCodes } from '../../../features/qr/api/get-qr-codes';
import { QrCard } from '../../../features/qr/components/qr-card';
import { QrCreateForm } from '../../../features/qr/components/qr-create-form';
import { QrPrintPanel } from '../../../features/qr/components/qr-print-panel';
import { ReviewLinkBanner } from '../../../features/qr/components/review-link-banner';
import type { TQrCardsLayout } from '../../../../shared/schemas/qr';

export default function QrPage() {
  const qrCodes = useQrCodes();
  const [layout, setLayout] = useState<TQrCardsLayout>('a6');
  const list = qrCodes.data?.qrCodes ?? [];

  return (
    <OwnerPage title="QR codes">
      <div className="flex flex-col gap-5">
        <Link to={paths.dashboard.href()} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Retour au tableau de bord
        </Link>

        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-semibold tracking-tight">Vos QR codes</h2>
          <p className="text-sm text-stone-600">Un QR principal pour l’entrée et un QR par table : vos clients notent leur repas en quelques secondes.</p>
        </div>

        {qrCodes.data && !qrCodes.data.hasReviewLink ? <ReviewLinkBanner /> : null}

        <QrCreateForm qrCount={list.length} hasPrimary={list.some((qr) => qr.isPrimary)} />

        {qrCodes.isPending ? (
          <div role="status" aria-live="polite" className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
            <span className="sr-only">Chargement des QR codes…</span>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-96 w-full rounded-xl" />
            ))}
          </div>
        ) : qrCodes.isError ? (
          <QueryError title="Impossible de charger les QR codes" detail={qrCodes.error.message} onRetry={() => void qrCodes.refetch()} />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center">
            <QrCode className="size-10 text-stone-400" aria-hidden="true" />
            <p className="text-stone-700">Aucun QR code pour le moment. Créez-en un !</p>
          </div>
        ) : (
          <>
            <QrPrintPanel layout={layout} onLayoutChange={setLayout} />
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="QR codes du restaurant">
              {list.map((qr) => (
                <li key={qr.id} className="flex">
                  <QrCard qr={qr} layout={layout} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </OwnerPage>
  );
}
