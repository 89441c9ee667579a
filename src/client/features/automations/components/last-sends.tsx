import { Badge } from '../../../components/ui/badge';
import { formatDateTimeFr } from '../../../../shared/format';
import type { TEmailLogEntry } from '../../../../shared/schemas/automations';

const STATUS = {
  sent: { label: 'Envoyé', variant: 'success' },
  skipped: { label: 'Ignoré', variant: 'warning' },
  failed: { label: 'Échec', variant: 'danger' },
} as const;

/** 'Derniers envois': the automation's latest email_logs rows (sent, skipped and why, failed and why). */
export function LastSends({ sends }: { sends: TEmailLogEntry[] }) {
  return (
    <details className="group rounded-lg border border-stone-200 text-sm" data-testid="last-sends">
      <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium text-stone-700 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-600">
        Derniers envois <span className="text-stone-500">({sends.length})</span>
      </summary>
      {sends.length === 0 ? (
        <p className="px-3 pb-3 text-stone-600">Aucun envoi pour le moment</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100 px-3 pb-2">
          {sends.map((send) => (
            <li key={send.id} className="flex min-w-0 flex-col gap-0.5 py-2" data-testid="last-send" data-status={send.status}>
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={STATUS[send.status].variant}>{STATUS[send.status].label}</Badge>
                <span className="min-w-0 break-all text-stone-800">{send.toEmail}</span>
              </div>
              <span className="truncate text-stone-600" title={send.subject}>
                {send.subject}
              </span>
              <span className="text-xs text-stone-500">
                {formatDateTimeFr(send.createdAt)}
                {send.reason ? ` · ${send.reason}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
