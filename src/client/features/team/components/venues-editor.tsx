import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { onInvalid, toastError } from '../../../lib/toast';
import { ZChangeVenuesRequest, type TChangeVenuesRequest, type TTeamMember, type TTeamResponse } from '../../../../shared/schemas/team';
import { useChangeVenues } from '../api/team';
import { VenueChoice } from './venue-choice';

/** The venues of one member, edited in place by the owner (all, or at least one chosen). */
export function VenuesEditor({ member, team, onDone }: { member: TTeamMember; team: TTeamResponse; onDone: () => void }) {
  const form = useForm<TChangeVenuesRequest, unknown, TChangeVenuesRequest>({
    resolver: zodResolver(ZChangeVenuesRequest),
    defaultValues: { allVenues: member.allVenues, venueIds: member.venues.map((venue) => venue.id) },
  });
  const [allVenues, venueIds] = useWatch({ control: form.control, name: ['allVenues', 'venueIds'] });
  const change = useChangeVenues();
  const save = form.handleSubmit(async (choice) => {
    try {
      await change.mutateAsync({ userId: member.userId, ...choice });
      toast.success('Établissements modifiés');
      onDone();
    } catch (error) {
      toastError('Modification impossible', error);
    }
  }, onInvalid(['allVenues', 'venueIds']));
  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-3 rounded-lg bg-stone-50 p-3" aria-label={`Établissements de ${member.name}`}>
      <VenueChoice
        idPrefix={`venues-${member.userId}`}
        venues={team.venues}
        allVenues={allVenues}
        venueIds={venueIds ?? []}
        mayChooseAll
        onChange={(choice) => {
          form.setValue('allVenues', choice.allVenues);
          form.setValue('venueIds', choice.venueIds);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" type="submit" disabled={change.isPending}>
          {change.isPending ? 'Enregistrement…' : 'Enregistrer'}
        </Button>
        <Button size="sm" type="button" variant="ghost" onClick={onDone}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
