import { CircleCheck, CircleDashed, CircleX, LoaderCircle, TriangleAlert, type LucideIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { SECURITY_STATUS_TEXT, type TSecurityCheckDisplayStatus, type TSecurityCheckId } from '../../../../shared/schemas/security';

/** A row's state: the server's verdict, 'checking' while a run is under way, 'unchecked' after a failed run. */
export type SecurityRowStatus = TSecurityCheckDisplayStatus | 'unchecked';
export type SecurityRow = { id: TSecurityCheckId; label: string; status: SecurityRowStatus; detail: string };

const STATUS_LOOK: Record<SecurityRowStatus, { icon: LucideIcon; iconClass: string; badge: 'success' | 'warning' | 'danger' | 'neutral'; text: string }> = {
  pass: { icon: CircleCheck, iconClass: 'text-green-600', badge: 'success', text: SECURITY_STATUS_TEXT.pass },
  warn: { icon: TriangleAlert, iconClass: 'text-amber-600', badge: 'warning', text: SECURITY_STATUS_TEXT.warn },
  fail: { icon: CircleX, iconClass: 'text-red-600', badge: 'danger', text: SECURITY_STATUS_TEXT.fail },
  checking: { icon: LoaderCircle, iconClass: 'animate-spin text-stone-400 motion-reduce:animate-none', badge: 'neutral', text: SECURITY_STATUS_TEXT.checking },
  unchecked: { icon: CircleDashed, iconClass: 'text-stone-400', badge: 'neutral', text: 'Non vérifié' },
};

/** One row per check: icon, name, status in words and what was observed. */
export function SecurityCheckList({ rows, busy }: { rows: SecurityRow[]; busy: boolean }) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Contrôles de sécurité" aria-busy={busy}>
      {rows.map((row) => {
        const look = STATUS_LOOK[row.status];
        const Icon = look.icon;
        return (
          <li key={row.id} data-testid="security-check" data-check={row.id} data-status={row.status} className="flex gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
            <Icon className={cn('mt-0.5 size-6 shrink-0', look.iconClass)} aria-hidden="true" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex items-start justify-between gap-3">
                <h3 className="min-w-0 font-medium text-stone-900">{row.label}</h3>
                <Badge variant={look.badge} className="mt-0.5 shrink-0" data-testid="security-check-status">
                  {look.text}
                </Badge>
              </div>
              {row.detail ? <p className="text-sm break-words text-stone-600">{row.detail}</p> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
