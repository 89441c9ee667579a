import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { useOwnerMessages } from '../../../lib/owner-locale';
import type { Country } from '../../../../shared/rules/locales';
import { AddVenueFormFr, AddVenueFormUk } from './add-venue-forms';

/**
 * 'Ajouter un établissement' (propriétaire only), in the organisation's country's form (issue #53): in France
 * the name, the address and the SIRET; in the United Kingdom the name and the UK address, no SIRET.
 */
export function AddVenueDialog({ country }: { country: Country }) {
  const m = useOwnerMessages();
  const [open, setOpen] = useState(false);
  // A new form each time the dialog opens: nothing typed is left from a cancelled one.
  const [round, setRound] = useState(0);
  const close = () => setOpen(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setRound((value) => value + 1);
      }}
    >
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {m.venues_add()}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{m.venues_add()}</DialogTitle>
          <DialogDescription>{m.venues_add_description()}</DialogDescription>
        </DialogHeader>
        {country === 'GB' ? <AddVenueFormUk key={round} onDone={close} /> : <AddVenueFormFr key={round} onDone={close} />}
      </DialogContent>
    </Dialog>
  );
}
