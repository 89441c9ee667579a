import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/input';
import { NOTES_MAX_LENGTH } from '../../../../shared/schemas/admin';
import { useUpdateOrganisationNotes } from '../api/update-restaurant-notes';
import { toastError } from '../../../lib/toast';

/** An organisation's internal notes, seen by administrators only; approving it also saves them. */
export function NotesCard({ organisationId: restaurantId, value, saved, onChange }: { organisationId: string; value: string; saved: string; onChange: (value: string) => void }) {
  const fieldId = useId();
  const save = useUpdateOrganisationNotes(restaurantId);
  const dirty = value !== saved;

  function submit() {
    save.mutate(value, {
      onSuccess: (result) => {
        // The server clears blank notes: show what it kept so the card is no longer "unsaved".
        onChange(result.notes ?? '');
        toast.success('Notes enregistrées');
      },
      onError: (error) => toastError('Erreur lors de l’enregistrement des notes', error),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <label htmlFor={fieldId}>Notes internes</label>
        </CardTitle>
        <CardDescription>Visibles uniquement par les administrateurs. L’approbation enregistre aussi ces notes.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Textarea id={fieldId} rows={5} maxLength={NOTES_MAX_LENGTH} value={value} onChange={(event) => onChange(event.target.value)} placeholder="Ex. : appel au gérant le 12 mars, Kbis reçu." />
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-stone-500" aria-live="polite">
            {dirty ? 'Modifications non enregistrées' : ''}
          </span>
          <Button variant="outline" onClick={submit} disabled={!dirty || save.isPending}>
            {save.isPending ? 'Enregistrement…' : 'Enregistrer les notes'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
