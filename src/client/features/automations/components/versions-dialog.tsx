import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatDateTimeFr } from '../../../../shared/format';
import { AUTOMATION_MESSAGES, type TAutomation, type TAutomationVersion } from '../../../../shared/schemas/automations';
import { useAutomationVersions } from '../api/get-automation-versions';
import { useRestoreAutomationVersion } from '../api/restore-automation-version';
import { toastError } from '../../../lib/toast';

const SOURCE_LABELS: Record<TAutomationVersion['source'], string> = {
  initial: 'Texte initial',
  html: 'HTML',
  visual: 'Éditeur visuel',
  restore: 'Restauration',
};

/** Every saved version of an automation: pick one to preview it, restore it (which saves it as a new version). */
export function VersionsDialog({ automation, open, onOpenChange }: { automation: TAutomation; open: boolean; onOpenChange: (open: boolean) => void }) {
  const versions = useAutomationVersions(automation.id, open);
  const restore = useRestoreAutomationVersion();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const list = versions.data?.versions ?? [];
  const selected = list.find((version) => version.id === selectedId) ?? list[0];
  const isCurrent = selected?.id === list[0]?.id;

  const restoreSelected = async () => {
    if (!selected) return;
    try {
      await restore.mutateAsync({ id: automation.id, versionId: selected.id });
      toast.success(AUTOMATION_MESSAGES.versionRestored);
      setConfirming(false);
      setSelectedId(null);
    } catch (error) {
      toastError(AUTOMATION_MESSAGES.updateFailed, error);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Versions : {automation.name}</DialogTitle>
          <DialogDescription>Chaque enregistrement garde une version. Restaurer une version l’enregistre comme la plus récente.</DialogDescription>
        </DialogHeader>
        {versions.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Chargement des versions…</span>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : versions.isError ? (
          <QueryError title="Impossible de charger les versions" detail={versions.error.message} onRetry={() => void versions.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-sm text-stone-600">Aucune version enregistrée pour le moment.</p>
        ) : (
          <div className="grid min-w-0 gap-4 md:grid-cols-[16rem_1fr]">
            <ol className="flex max-h-40 flex-col gap-1 overflow-y-auto md:max-h-96" aria-label="Versions enregistrées">
              {list.map((version, index) => (
                <li key={version.id}>
                  <button
                    type="button"
                    aria-pressed={version.id === selected?.id}
                    onClick={() => setSelectedId(version.id)}
                    className={cn(
                      'flex w-full flex-col items-start rounded-lg border px-3 py-2 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                      version.id === selected?.id ? 'border-brand-600 bg-brand-50' : 'border-stone-200 hover:bg-stone-50',
                    )}
                    data-testid="automation-version"
                  >
                    <span className="font-medium">{formatDateTimeFr(version.createdAt)}</span>
                    <span className="flex flex-wrap items-center gap-1 text-xs text-stone-600">
                      <Badge variant="neutral">{SOURCE_LABELS[version.source]}</Badge>
                      {version.authorName ? <span>par {version.authorName}</span> : null}
                      {index === 0 ? <Badge variant="success">Actuelle</Badge> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
            {selected ? (
              <div className="flex min-w-0 flex-col gap-2">
                <p className="text-sm break-words">
                  <span className="text-stone-500">Objet : </span>
                  <strong data-testid="version-subject">{selected.subject}</strong>
                </p>
                <iframe
                  title={`Version du ${formatDateTimeFr(selected.createdAt)}`}
                  sandbox=""
                  srcDoc={selected.html}
                  className="h-64 w-full rounded-lg border border-stone-200 bg-white md:h-80"
                />
                <div className="flex justify-end">
                  <Button type="button" disabled={isCurrent || restore.isPending} onClick={() => setConfirming(true)}>
                    {isCurrent ? 'Version actuelle' : 'Restaurer cette version'}
                  </Button>
                </div>
              </div>
            ) : null}
          </div>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Restaurer cette version ?"
          description={selected ? `L’objet et le contenu du ${formatDateTimeFr(selected.createdAt)} remplaceront la version actuelle, qui reste dans l’historique.` : ''}
          confirmLabel="Restaurer"
          pending={restore.isPending}
          onConfirm={restoreSelected}
        />
      </DialogContent>
    </Dialog>
  );
}
