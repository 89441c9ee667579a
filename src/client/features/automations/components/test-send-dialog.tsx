import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { authClient } from '../../../lib/auth-client';
import { AUTOMATION_MESSAGES, type TAutomation } from '../../../../shared/schemas/automations';
import { useSendAutomationTest } from '../api/send-automation-test';
import { toastError } from '../../../lib/toast';

/**
 * 'Envoyer un test': the automation with sample data, to the restaurant's contact address (the default)
 * or the signed-in member's own: the only two a test may go to (the server refuses any other).
 */
export function TestSendDialog({
  automation,
  defaultTo,
  open,
  onOpenChange,
}: {
  automation: TAutomation;
  /** The restaurant's contact email. */
  defaultTo: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const groupId = useId();
  const send = useSendAutomationTest();
  const session = authClient.useSession();
  const memberEmail = session.data?.user.email ?? '';
  const options = [
    { value: defaultTo, label: 'Adresse du restaurant' },
    { value: memberEmail, label: 'Votre adresse' },
  ].filter((option, index, all) => option.value && all.findIndex((other) => other.value.toLowerCase() === option.value.toLowerCase()) === index);
  // The member's choice while the dialog is open; the restaurant's address until they pick.
  const [chosen, setChosen] = useState<string | null>(null);
  const to = chosen ?? (defaultTo || memberEmail);
  const changeOpen = (next: boolean) => {
    if (!next) setChosen(null);
    onOpenChange(next);
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!to) return;
    try {
      await send.mutateAsync({ id: automation.id, to });
      toast.success(AUTOMATION_MESSAGES.testSent, { description: to });
      changeOpen(false);
    } catch (sendError) {
      toastError(AUTOMATION_MESSAGES.testFailed, sendError);
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>Envoyer un test : {automation.name}</DialogTitle>
            <DialogDescription>
              L’email part avec des données d’exemple (Camille, 5 étoiles, 20 points), le pied de page que reçoivent les clients et un objet préfixé « [Test] ».
            </DialogDescription>
          </DialogHeader>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Adresse de destination</legend>
            {options.map((option, index) => (
              <label key={option.value} htmlFor={`${groupId}-${index}`} className="flex items-start gap-2 rounded-lg border border-stone-200 p-3 text-sm has-[:checked]:border-brand-700">
                <input
                  id={`${groupId}-${index}`}
                  type="radio"
                  name={`${groupId}-to`}
                  value={option.value}
                  checked={to.toLowerCase() === option.value.toLowerCase()}
                  onChange={() => setChosen(option.value)}
                  className="mt-0.5 size-4 accent-brand-700"
                />
                <span className="flex flex-col">
                  <span className="font-medium">{option.label}</span>
                  <span className="break-all text-stone-600">{option.value}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={send.isPending || !to}>
              {send.isPending ? 'Envoi…' : 'Envoyer le test'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
