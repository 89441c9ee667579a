import { Copy, Download, Printer, RefreshCw, Star, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateFr } from '../../../../shared/format';
import type { TQrCardsLayout, TQrCode } from '../../../../shared/schemas/qr';
import { useDeleteQrCode } from '../api/delete-qr-code';
import { downloadQrPng } from '../api/download-qr-png';
import { buildTableCardsUrl } from '../api/get-table-cards';
import { useRegenerateQrCode } from '../api/regenerate-qr-code';
import { QrDecodeCheck } from './qr-decode-check';
import { dashboardKeys } from '../../../lib/query-keys';
import { toastError, toastErrorTitle } from '../../../lib/toast';
import { qrLabelShown } from '../../../../shared/rules/qr-label';

/** Main QR, the table label, or 'sans label' (spec §2). */
export function getQrTitle(qr: Pick<TQrCode, 'isPrimary' | 'tableLabel'>): string {
  if (qr.isPrimary) return 'QR principal';
  return qr.tableLabel ?? 'sans label';
}

export function QrCard({ qr, layout }: { qr: TQrCode; layout: TQrCardsLayout }) {
  const regenerate = useRegenerateQrCode();
  const remove = useDeleteQrCode();
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const title = getQrTitle(qr);
  const titleId = `qr-title-${qr.id}`;

  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(qr.publicUrl);
      toast.success('URL copiée !');
    } catch {
      toastError('Impossible de copier l’URL', undefined, qr.publicUrl);
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadQrPng(qr);
      toast.success('QR code téléchargé !');
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    } catch {
      toastErrorTitle('Échec du téléchargement');
    } finally {
      setDownloading(false);
    }
  };

  const regeneratePng = async () => {
    try {
      await regenerate.mutateAsync(qr.id);
      toast.success('QR régénéré ✅');
    } catch (error) {
      toastError('Échec de la régénération', error);
    }
  };

  const deleteQr = async () => {
    try {
      await remove.mutateAsync(qr.id);
      toast.success('QR code supprimé');
    } catch (error) {
      toastError('Échec de la suppression', error);
    }
  };

  return (
    <Card className="flex w-full min-w-0 flex-col gap-4 p-4 sm:p-5" aria-labelledby={titleId} role="article" data-testid="qr-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate text-lg font-semibold" title={title}>
            {title}
          </h3>
          {qr.isPrimary && qr.tableLabel ? <p className="truncate text-sm text-stone-500">{qrLabelShown(qr.tableLabel)}</p> : null}
        </div>
        {qr.isPrimary ? (
          <Badge className="shrink-0 gap-1">
            <Star className="size-3" aria-hidden="true" />
            Principal
          </Badge>
        ) : null}
      </div>

      <img
        src={qr.imageUrl}
        alt={`QR code « ${title} »`}
        width={192}
        height={192}
        loading="lazy"
        className="mx-auto size-48 rounded-md border border-stone-200 bg-white"
      />

      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-stone-500">Créé le</dt>
          <dd className="font-medium">{formatDateFr(qr.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Scans</dt>
          <dd className="font-medium" data-testid="qr-scan-count">
            {qr.scanCount}
          </dd>
        </div>
      </dl>

      <QrDecodeCheck sourceUrl={qr.publicUrl} imageUrl={qr.imageUrl} scanUrl={qr.isPrimary ? qr.scanUrl : undefined} />

      <div className="mt-auto grid grid-cols-2 gap-2">
        <Button variant="outline" size="sm" onClick={copyUrl}>
          <Copy aria-hidden="true" />
          Copier l’URL
        </Button>
        <Button variant="outline" size="sm" onClick={download} disabled={downloading}>
          <Download aria-hidden="true" />
          Télécharger
        </Button>
        <Button variant="outline" size="sm" onClick={regeneratePng} disabled={regenerate.isPending}>
          <RefreshCw aria-hidden="true" className={regenerate.isPending ? 'animate-spin' : undefined} />
          Régénérer
        </Button>
        <Button variant="outline" size="sm" asChild>
          <a href={buildTableCardsUrl({ ids: [qr.id], layout })} target="_blank" rel="noopener" aria-label={`Imprimer la carte de table « ${title} »`}>
            <Printer aria-hidden="true" />
            Imprimer
          </a>
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" className="col-span-2 text-red-700 hover:bg-red-50" disabled={remove.isPending}>
              <Trash2 aria-hidden="true" />
              Supprimer
            </Button>
          }
          title="Supprimer ce QR code ?"
          description={`Le QR « ${title} » et son image seront supprimés définitivement. Les cartes déjà imprimées avec ce QR devront être remplacées.`}
          confirmLabel="Supprimer"
          onConfirm={deleteQr}
        />
      </div>
    </Card>
  );
}
