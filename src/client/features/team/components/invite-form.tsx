import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { toastError, toastValidationError } from '../../../lib/toast';
import type { Role } from '../../../../shared/rules/permissions';
import { ZInviteRequest, type TTeamResponse } from '../../../../shared/schemas/team';
import { useInvite } from '../api/team';
import { formatRoleFr } from '../../../../shared/rules/roles';
import { roleHint } from './role-text';
import { VenueChoice } from './venue-choice';

/** Email, role (those the viewer may give) and venues (all, or chosen among the viewer's own). */
export function InviteForm({ team }: { team: TTeamResponse }) {
  const roles = team.viewer.invitableRoles;
  const mayChooseAll = team.viewer.mayInviteOnAllVenues;
  const single = team.invitableVenues.length === 1;
  const initial = () => ({
    email: '',
    role: (roles.includes('staff') ? 'staff' : roles[0]) as Role,
    allVenues: mayChooseAll,
    venueIds: single ? [team.invitableVenues[0].id] : [],
  });
  const [values, setValues] = useState(initial);
  const invite = useInvite();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A propriétaire has every venue: the choice is not offered for that role.
    const request = { ...values, allVenues: values.role === 'owner' ? true : values.allVenues };
    const parsed = ZInviteRequest.safeParse(request);
    if (!parsed.success) {
      toastValidationError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await invite.mutateAsync(parsed.data);
      toast.success('Invitation envoyée', { description: `Un email est parti à ${parsed.data.email}.` });
      setValues(initial());
    } catch (error) {
      toastError('Invitation impossible', error);
    }
  }

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold">Inviter un membre</h2>
        <p className="text-sm text-stone-600">La personne reçoit un email avec un lien valable 7 jours.</p>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label="Inviter un membre">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="invite-email">Email</Label>
            <Input
              id="invite-email"
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={255}
              value={values.email}
              onChange={(event) => setValues({ ...values, email: event.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="invite-role">Rôle</Label>
            <NativeSelect
              id="invite-role"
              value={values.role}
              aria-describedby="invite-role-hint"
              onChange={(event) => setValues({ ...values, role: event.target.value as Role })}
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {formatRoleFr(role)}
                </option>
              ))}
            </NativeSelect>
            <p id="invite-role-hint" className="text-sm text-stone-600">
              {roleHint(values.role)}
            </p>
          </div>
        </div>
        {values.role === 'owner' ? (
          <p className="text-sm text-stone-600">Un propriétaire a accès à tous les établissements.</p>
        ) : single && !mayChooseAll ? (
          <p className="text-sm text-stone-600">Établissement : {team.invitableVenues[0].name}</p>
        ) : (
          <VenueChoice
            idPrefix="invite"
            venues={team.invitableVenues}
            allVenues={values.allVenues}
            venueIds={values.venueIds}
            mayChooseAll={mayChooseAll}
            onChange={(choice) => setValues({ ...values, ...choice })}
          />
        )}
        <div>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Envoi…' : 'Envoyer l’invitation'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
