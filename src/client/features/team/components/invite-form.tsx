import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { onInvalid, toastError } from '../../../lib/toast';
import type { Role } from '../../../../shared/rules/permissions';
import { formatRoleFr } from '../../../../shared/rules/roles';
import { ZInviteRequest, type TTeamResponse } from '../../../../shared/schemas/team';
import { useInvite } from '../api/team';
import { roleHint } from './role-text';
import { VenueChoice } from './venue-choice';

/**
 * The form's values read through the shared schema: a propriétaire has every venue, so the choice kept on
 * screen for another role is not sent for that one.
 */
export const ZInviteForm = z
  .object({ email: z.string(), role: z.string(), allVenues: z.boolean(), venueIds: z.array(z.string()).optional() })
  .transform((values) => (values.role === 'owner' ? { ...values, allVenues: true } : values))
  .pipe(ZInviteRequest);
type InviteFormValues = z.input<typeof ZInviteForm>;

/** What a new invitation starts from: the least role the viewer may give, all venues when they may. */
export function inviteDefaults(team: TTeamResponse): InviteFormValues {
  const roles = team.viewer.invitableRoles;
  const single = team.invitableVenues.length === 1;
  return {
    email: '',
    role: roles.includes('staff') ? 'staff' : roles[0],
    allVenues: team.viewer.mayInviteOnAllVenues,
    venueIds: single ? [team.invitableVenues[0].id] : [],
  };
}

/** Email, role (those the viewer may give) and venues (all, or chosen among the viewer's own). */
export function InviteForm({ team }: { team: TTeamResponse }) {
  const roles = team.viewer.invitableRoles;
  const mayChooseAll = team.viewer.mayInviteOnAllVenues;
  const single = team.invitableVenues.length === 1;
  const form = useForm<InviteFormValues, unknown, z.output<typeof ZInviteForm>>({ resolver: zodResolver(ZInviteForm), defaultValues: inviteDefaults(team) });
  const [role, allVenues, venueIds] = useWatch({ control: form.control, name: ['role', 'allVenues', 'venueIds'] });
  const invite = useInvite();

  const submit = form.handleSubmit(async (request) => {
    try {
      await invite.mutateAsync(request);
      toast.success('Invitation envoyée', { description: `Un email est parti à ${request.email}.` });
      form.reset(inviteDefaults(team));
    } catch (error) {
      toastError('Invitation impossible', error);
    }
  }, onInvalid(['email', 'role', 'allVenues', 'venueIds']));

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
            <Input id="invite-email" type="email" inputMode="email" autoComplete="off" maxLength={255} {...form.register('email')} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="invite-role">Rôle</Label>
            <NativeSelect id="invite-role" aria-describedby="invite-role-hint" {...form.register('role')}>
              {roles.map((choice) => (
                <option key={choice} value={choice}>
                  {formatRoleFr(choice)}
                </option>
              ))}
            </NativeSelect>
            <p id="invite-role-hint" className="text-sm text-stone-600">
              {roleHint(role as Role)}
            </p>
          </div>
        </div>
        {role === 'owner' ? (
          <p className="text-sm text-stone-600">Un propriétaire a accès à tous les établissements.</p>
        ) : single && !mayChooseAll ? (
          <p className="text-sm text-stone-600">Établissement : {team.invitableVenues[0].name}</p>
        ) : (
          <VenueChoice
            idPrefix="invite"
            venues={team.invitableVenues}
            allVenues={allVenues}
            venueIds={venueIds ?? []}
            mayChooseAll={mayChooseAll}
            onChange={(choice) => {
              form.setValue('allVenues', choice.allVenues);
              form.setValue('venueIds', choice.venueIds);
            }}
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
