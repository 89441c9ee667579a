import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CardList } from '../../../components/ui/card-list';
import { ItemConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toastError } from '../../../lib/toast';
import { formatDateFr } from '../../../../shared/format';
import { formatRoleFr } from '../../../../shared/rules/roles';
import type { TTeamInvitation, TTeamResponse } from '../../../../shared/schemas/team';
import { useResendInvitation, useRevokeInvitation } from '../api/team';
import { venuesText } from './role-text';

/** Invitations not yet accepted: expiry in French, resend (a new link, 7 new days) and revoke. */
export function InvitationList({ team }: { team: TTeamResponse }) {
  const [revoking, setRevoking] = useState<TTeamInvitation | null>(null);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  async function resendOne(invitation: TTeamInvitation) {
    try {
      await resend.mutateAsync(invitation.id);
      toast.success('Invitation renvoyée', { description: `Un nouveau lien est parti à ${invitation.email}. L’ancien ne fonctionne plus.` });
    } catch (error) {
      toastError('Renvoi impossible', error);
    }
  }

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success('Invitation annulée');
      setRevoking(null);
    } catch (error) {
      toastError('Annulation impossible', error);
    }
  }

  return (
    <section aria-labelledby="team-invitations-title" className="flex flex-col gap-3">
      <h2 id="team-invitations-title" className="text-lg font-semibold">
        Invitations en attente <span className="text-stone-500">({team.invitations.length})</span>
      </h2>
      {team.invitations.length === 0 ? (
        <Card className="p-4 text-sm text-stone-600">Aucune invitation en attente.</Card>
      ) : (
        <CardList items={team.invitations} keyOf={(invitation) => invitation.id}>
          {(invitation) => (
            <Card className="flex flex-col gap-2 p-4" data-testid="team-invitation">
              <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
                <p className="font-medium break-all">{invitation.email}</p>
                <div className="flex gap-2 self-start">
                  <Badge variant="neutral">{formatRoleFr(invitation.role)}</Badge>
                  {invitation.expired ? <Badge variant="warning">Expirée</Badge> : null}
                </div>
              </div>
              <p className="text-sm text-stone-600">
                {venuesText(invitation.allVenues, invitation.venues)}
                {invitation.invitedBy ? ` · invitation de ${invitation.invitedBy}` : ''}
              </p>
              <p className="text-sm text-stone-600">
                {invitation.expired ? `A expiré le ${formatDateFr(invitation.expiresAt)}` : `Expire le ${formatDateFr(invitation.expiresAt)}`}
              </p>
              {invitation.mayManage ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => void resendOne(invitation)}>
                    Renvoyer
                  </Button>
                  <Button variant="outline" size="sm" className="text-red-700" onClick={() => setRevoking(invitation)}>
                    Annuler l’invitation
                  </Button>
                </div>
              ) : null}
            </Card>
          )}
        </CardList>
      )}
      <ItemConfirmDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        title="Annuler cette invitation ?"
        description={revoking ? `Le lien envoyé à ${revoking.email} ne fonctionnera plus.` : ''}
        confirmLabel="Annuler l’invitation"
        pending={revoke.isPending}
        pendingLabel="Annulation…"
        stayOpen
        onConfirm={confirmRevoke}
      />
    </section>
  );
}
