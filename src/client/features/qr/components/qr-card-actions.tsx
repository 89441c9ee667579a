import { Copy, Download, Printer, RefreshCw, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Button } from '../../../components/ui/button';
import type { TQrCardsLayout, TQrCode } from '../../../../shared/schemas/qr';
import { useDeleteQrCode } from '../api/delete-qr-code';
import { downloadQrPng } from '../api/download-qr-png';
import { buildTableCardsUrl } from '../api/get-table-cards';
import { useRegenerateQrCode } from '../api/regenerate-qr-code';
import { dashboardKeys } from '../../../lib/query-keys';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { toastError, toastErrorTitle } from '../../../lib/toast';

/** A QR card's buttons: copy the URL, download the PNG, regenerate it, print its table card, delete it. */
export function QrCardActions({ qr, title, layout }: { qr: TQrCode; title: string; layout: TQrCardsLayout }) {
  const m = useOwnerMessages();
  const regenerate = useRegenerateQrCode();
  const remove = useDeleteQrCode();
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);

  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(qr.publicUrl);
      toast.success(m.venues_qr_url_copied());
    } catch {
      toastError(m.venues_qr_copy_failed(), undefined, qr.publicUrl);
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadQrPng(qr);
      toast.success(m.venues_qr_downloaded());
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    } catch {
      toastErrorTitle(m.venues_qr_download_failed());
    } finally {
      setDownloading(false);
    }
  };

  const regeneratePng = async () => {
    try {
      await regenerate.mutateAsync(qr.id);
      toast.success(m.venues_qr_regenerated());
    } catch (error) {
      toastError(m.venues_qr_regenerate_failed(), error);
    }
  };

  const deleteQr = async () => {
    try {
      await remove.mutateAsync(qr.id);
      toast.success(m.venues_qr_deleted());
    } catch (error) {
      toastError(m.venues_qr_delete_failed(), error);
    }
  };

  return (
    <div className="mt-auto grid grid-cols-2 gap-2">
      <Button variant="outline" size="sm" onClick={copyUrl}>
        <Copy aria-hidden="true" />
        {m.venues_qr_copy_url()}
      </Button>
      <Button variant="outline" size="sm" onClick={download} disabled={downloading}>
        <Download aria-hidden="true" />
        {m.venues_qr_download()}
      </Button>
      <Button variant="outline" size="sm" onClick={regeneratePng} disabled={regenerate.isPending}>
        <RefreshCw aria-hidden="true" className={regenerate.isPending ? 'animate-spin' : undefined} />
        {m.venues_qr_regenerate()}
      </Button>
      <Button variant="outline" size="sm" asChild>
        <a href={buildTableCardsUrl({ ids: [qr.id], layout })} target="_blank" rel="noopener" aria-label={m.venues_qr_print_card({ title })}>
          <Printer aria-hidden="true" />
          {m.venues_qr_print()}
        </a>
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="ghost" size="sm" className="col-span-2 text-red-700 hover:bg-red-50" disabled={remove.isPending}>
            <Trash2 aria-hidden="true" />
            {m.venues_qr_delete()}
          </Button>
        }
        title={m.venues_qr_delete_title()}
        description={m.venues_qr_delete_description({ title })}
        confirmLabel={m.venues_qr_delete()}
        onConfirm={deleteQr}
      />
    </div>
  );
}
