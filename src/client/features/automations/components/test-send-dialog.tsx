import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { AUTOMATION_MESSAGES, ZAutomationTestRequest, type TAutomation } from '../../../../shared/schemas/automations';
import { useSendAutomationTest } from '../api/send-automation-test';

/** 'Envoyer un test': the automation with sample data, to an address that defaults to the restaurant's contact email. */
export function TestSendDialog({
  automation,
  defaultTo,
  open,
  onOpenChange,
}: {
  automation: TAutomation;
  defaultTo: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fieldId = useId();
  const send = useSendAutomationTest();
  const form = useForm({ resolver: zodResolver(ZAutomationTestRequest), mode: 'onTouched', defaultValues: { to: defaultTo } });
  const error = form.formState.errors.to?.message;

  useEffect(() => {
    if (open) form.reset({ to: defaultTo });
  }, [open, defaultTo, form]);

  const submit = form.handleSubmit(async ({ to }) => {
    try {
      await send.mutateAsync({ id: automation.id, to });
      toast.success(AUTOMATION_MESSAGES.testSent, { description: to });
      onOpenChange(false);
    } catch (sendError) {
      toast.error(AUTOMATION_MESSAGES.testFailed, { description: sendError instanceof Error ? sendError.message : undefined });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>Envoyer un test : {automation.name}</DialogTitle>
            <DialogDescription>L’email part avec des données d’exemple (Camille, 5 étoiles, 20 points) et un objet préfixé « [Test] ».</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={fieldId}>Adresse de destination</Label>
            <Input
              id={fieldId}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={255}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              {...form.register('to')}
            />
            {error ? (
              <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Envoi…' : 'Envoyer le test'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
