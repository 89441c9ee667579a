import { Ban, CheckCircle2, Clock, CreditCard, RotateCcw, XCircle } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDateTimeFr } from '../../../../shared/format';
import type { TAdminAction } from '../../../../shared/schemas/admin';
import type { AdminOrganisationDetail } from '../api/get-restaurant';

type AuditAction = TAdminAction | 'plan';

const ACTION_LABELS: Record<AuditAction, string> = {
  plan: 'Forfait modifié',
  approve: 'Approbation',
  reject: 'Refus',
  suspend: 'Suspension',
  reactivate: 'Réactivation',
};

const ACTION_ICONS = { approve: CheckCircle2, reject: XCircle, suspend: Ban, reactivate: RotateCcw, plan: CreditCard } as const;
const ACTION_COLORS: Record<AuditAction, string> = {
  plan: 'text-brand-700',
  approve: 'text-green-700',
  reject: 'text-red-700',
  suspend: 'text-red-700',
  reactivate: 'text-brand-700',
};

function by(email: string | null): string {
  return email ? ` par ${email}` : '';
}

/**
 * Dates and authors of the organisation's decisions, the current reasons, then the audit log, newest first
 * (a venue's own suspension or reactivation names the venue).
 */
export function HistoryCard({ detail }: { detail: AdminOrganisationDetail }) {
  const r = detail.organisation;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Historique</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="flex flex-col gap-2 text-sm">
          <div>
            <dt className="inline text-stone-500">Créée le </dt>
            <dd className="inline">{formatDateTimeFr(r.createdAt)}</dd>
          </div>
          {r.approvedAt ? (
            <div>
              <dt className="inline text-stone-500">Approuvée le </dt>
              <dd className="inline">
                {formatDateTimeFr(r.approvedAt)}
                {by(r.approvedByEmail)}
              </dd>
            </div>
          ) : null}
          {r.rejectedAt ? (
            <div>
              <dt className="inline text-stone-500">Refusée le </dt>
              <dd className="inline">
                {formatDateTimeFr(r.rejectedAt)}
                {by(r.rejectedByEmail)}
              </dd>
            </div>
          ) : null}
          {r.rejectionReason ? (
            <div className="rounded-lg bg-red-50 p-3">
              <dt className="font-medium text-red-800">Motif du refus</dt>
              <dd className="whitespace-pre-line text-red-900">{r.rejectionReason}</dd>
            </div>
          ) : null}
          {r.suspendedAt ? (
            <div>
              <dt className="inline text-stone-500">Suspendue le </dt>
              <dd className="inline">
                {formatDateTimeFr(r.suspendedAt)}
                {by(r.suspendedByEmail)}
              </dd>
            </div>
          ) : null}
          {r.suspensionReason ? (
            <div className="rounded-lg bg-stone-100 p-3">
              <dt className="font-medium text-stone-800">Motif de la suspension</dt>
              <dd className="whitespace-pre-line">{r.suspensionReason}</dd>
            </div>
          ) : null}
        </dl>

        <div>
          <h3 className="mb-2 text-sm font-semibold text-stone-800">Journal des actions</h3>
          {detail.history.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-stone-500">
              <Clock className="size-4" aria-hidden="true" />
              Aucune action enregistrée pour le moment.
            </p>
          ) : (
            <ol className="flex flex-col gap-3 border-l-2 border-stone-200 pl-4" aria-label="Journal des actions">
              {detail.history.map((entry) => {
                const Icon = ACTION_ICONS[entry.action];
                return (
                  <li key={entry.id} className="relative text-sm">
                    <Icon className={`absolute top-0.5 -left-[1.65rem] size-4 rounded-full bg-white ${ACTION_COLORS[entry.action]}`} aria-hidden="true" />
                    <p>
                      <span className="font-medium">{ACTION_LABELS[entry.action]}</span>
                      {entry.restaurantName ? <span className="font-medium"> de l’établissement « {entry.restaurantName} »</span> : null}
                      <span className="text-stone-600">
                        {' '}
                        · {formatDateTimeFr(entry.createdAt)}
                        {by(entry.adminEmail)}
                      </span>
                    </p>
                    {entry.reason ? <p className="mt-0.5 whitespace-pre-line text-stone-700">{entry.action === 'plan' ? '' : 'Motif : '}{entry.reason}</p> : null}
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
