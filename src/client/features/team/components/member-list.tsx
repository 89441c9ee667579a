import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CardList } from '../../../components/ui/card-list';
import { ItemConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { toastError } from '../../../lib/toast';
import { formatDateFr } from '../../../../shared/format';
import { ROLES, type Role } from '../../../../shared/rules/permissions';
import { formatRoleFr } from '../../../../shared/rules/roles';
import type { TTeamMember, TTeamResponse } from '../../../../shared/schemas/team';
import { useChangeRole, useRemoveMember } from '../api/team';
import { venuesText } from './role-text';
import { VenuesEditor } from './venues-editor';

type Pending = { kind: 'role'; member: TTeamMember; role: Role } | { kind: 'remove'; member: TTeamMember } | null;

/** The organisation's members: role, venues, since when; the owner changes the others' role and venues or removes them. */
export function MemberList({ team }: { team: TTeamResponse }) {
  const [pending, setPending] = useState<Pending>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const manage = team.viewer.mayManageMembers;

  async function confirm() {
    if (!pending) return;
    try {
      if (pending.kind === 'role') {
        await changeRole.mutateAsync({ userId: pending.member.userId, role: pending.role });
        toast.success('Rôle modifié', { description: `${pending.member.name} est maintenant ${formatRoleFr(pending.role).toLowerCase()}.` });
      } else {
        await remove.mutateAsync(pending.member.userId);
        toast.success('Membre retiré', { description: `${pending.member.name} n’a plus accès à votre organisation.` });
      }
      setPending(null);
    } catch (error) {
      toastError(pending.kind === 'role' ? 'Modification impossible' : 'Retrait impossible', error);
    }
  }

  return (
    <section aria-labelledby="team-members-title" className="flex flex-col gap-3">
      <h2 id="team-members-title" className="text-lg font-semibold">
        Membres <span className="text-stone-500">({team.members.length})</span>
      </h2>
      <CardList items={team.members} keyOf={(member) => member.userId}>
        {(member) => (
          <Card className="flex flex-col gap-3 p-4" data-testid="team-member">
            <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {member.name}
                  {member.isSelf ? <span className="text-stone-500"> (vous)</span> : null}
                </p>
                <p className="text-sm break-all text-stone-600">{member.email}</p>
              </div>
              <Badge variant={member.role === 'owner' ? 'default' : 'neutral'} className="self-start">
                {formatRoleFr(member.role)}
              </Badge>
            </div>
            <p className="text-sm text-stone-600">
              {venuesText(member.allVenues, member.venues)} · depuis le {formatDateFr(member.since)}
            </p>
            {manage && !member.isSelf ? (
              editing === member.userId ? (
                <VenuesEditor member={member} team={team} onDone={() => setEditing(null)} />
              ) : (
                <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                  <div className="flex flex-col gap-1.5 sm:w-72">
                    <Label htmlFor={`role-${member.userId}`}>Rôle de {member.name}</Label>
                    <NativeSelect
                      id={`role-${member.userId}`}
                      value={member.role}
                      onChange={(event) => setPending({ kind: 'role', member, role: event.target.value as Role })}
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {formatRoleFr(role)}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                  {member.role !== 'owner' ? (
                    <Button variant="outline" onClick={() => setEditing(member.userId)}>
                      Modifier les établissements
                    </Button>
                  ) : null}
                  <Button variant="outline" className="text-red-700" onClick={() => setPending({ kind: 'remove', member })}>
                    Retirer
                  </Button>
                </div>
              )
            ) : null}
          </Card>
        )}
      </CardList>
      <ItemConfirmDialog
        item={pending}
        onClose={() => setPending(null)}
        tone={pending?.kind === 'role' ? 'default' : 'destructive'}
        title={pending?.kind === 'role' ? 'Changer le rôle ?' : 'Retirer ce membre ?'}
        description={
          pending?.kind === 'role'
            ? `${pending.member.name} passera de ${formatRoleFr(pending.member.role).toLowerCase()} à ${formatRoleFr(pending.role).toLowerCase()}.`
            : pending
              ? `${pending.member.name} (${pending.member.email}) n’aura plus accès à aucun établissement de votre organisation.`
              : ''
        }
        confirmLabel={pending?.kind === 'role' ? 'Changer le rôle' : 'Retirer'}
        pending={changeRole.isPending || remove.isPending}
        pendingLabel="Enregistrement…"
        stayOpen
        onConfirm={confirm}
      />
    </section>
  );
}
