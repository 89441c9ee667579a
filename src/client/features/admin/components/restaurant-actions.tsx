import { Ban, CheckCircle2, RotateCcw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ACTIONS_BY_STATUS, type TAdminAction, type TAdminRestaurantStatus } from '../../../../shared/schemas/admin';
import { ACTION_TEXT, runStatusChange, useChangeOrganisationStatus, type StatusChange } from '../api/change-restaurant-status';
import { ReasonDialog } from './reason-dialog';

const CONFIRM = {
  approve: {
    title: 'Approuver cette organisation ?',
    description: 'Ses propriétaires recevront un email de validation et tous ses établissements ouvriront. Les notes internes saisies seront enregistrées.',
  },
  reactivate: {
    title: 'Réactiver cette organisation ?',
    description: 'Ses établissements rouvrent (sauf ceux suspendus seuls) et ses propriétaires recevront un email de réactivation.',
  },
} as const;

const STATUS_HELP: Record<TAdminRestaurantStatus, string> = {
  pending: 'Cette demande attend votre décision.',
  approved: 'L’organisation est active.',
  suspended: 'L’organisation est suspendue : tous ses établissements sont fermés.',
  rejected: 'La demande a été refusée. Aucune action n’est possible.',
};

/** The buttons the organisation's status allows (spec §4, on the organisation), their confirmations and the toasts of the outcome. */
export function OrganisationActions({ organisation: restaurant, notes }: { organisation: { id: string; name: string; status: TAdminRestaurantStatus }; notes: string }) {
  const change = useChangeOrganisationStatus(restaurant.id);
  const [dialog, setDialog] = useState<TAdminAction | null>(null);
  const actions = ACTIONS_BY_STATUS[restaurant.status];

  const run = (request: StatusChange) => runStatusChange(change, request, ACTION_TEXT[request.action], () => setDialog(null));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Actions</CardTitle>
        <CardDescription>{STATUS_HELP[restaurant.status]}</CardDescription>
      </CardHeader>
      {actions.length > 0 ? (
        <CardContent className="flex flex-col gap-2 sm:flex-row">
          {actions.includes('approve') ? (
            <Button onClick={() => setDialog('approve')} disabled={change.isPending} className="bg-green-700 hover:bg-green-800">
              <CheckCircle2 aria-hidden="true" />
              Approuver
            </Button>
          ) : null}
          {actions.includes('reject') ? (
            <Button variant="outline" onClick={() => setDialog('reject')} disabled={change.isPending} className="border-red-300 text-red-700 hover:bg-red-50">
              <XCircle aria-hidden="true" />
              Refuser
            </Button>
          ) : null}
          {actions.includes('suspend') ? (
            <Button variant="outline" onClick={() => setDialog('suspend')} disabled={change.isPending} className="border-red-300 text-red-700 hover:bg-red-50">
              <Ban aria-hidden="true" />
              Suspendre
            </Button>
          ) : null}
          {actions.includes('reactivate') ? (
            <Button onClick={() => setDialog('reactivate')} disabled={change.isPending}>
              <RotateCcw aria-hidden="true" />
              Réactiver
            </Button>
          ) : null}
        </CardContent>
      ) : null}

      {(['approve', 'reactivate'] as const).map((action) => (
        <ConfirmDialog
          key={action}
          open={dialog === action}
          onOpenChange={(open) => setDialog(open ? action : null)}
          title={CONFIRM[action].title}
          description={`« ${restaurant.name} » — ${CONFIRM[action].description}`}
          confirmLabel={ACTION_TEXT[action].button}
          pendingLabel="Envoi…"
          pending={change.isPending}
          tone="default"
          // Keep the dialog open until the server answers.
          stayOpen
          onConfirm={() => run(action === 'approve' ? { action, notes } : { action })}
        />
      ))}

      {(['reject', 'suspend'] as const).map((action) => (
        <ReasonDialog
          key={action}
          kind={action}
          restaurantName={restaurant.name}
          open={dialog === action}
          onOpenChange={(open) => setDialog(open ? action : null)}
          busy={change.isPending}
          onConfirm={(reason) => run({ action, reason })}
        />
      ))}
    </Card>
  );
}
