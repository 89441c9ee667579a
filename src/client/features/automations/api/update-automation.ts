import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TAutomationTemplateRequest } from '../../../../shared/schemas/automations';
import { automationKeys } from './keys';

export async function updateAutomation(input: { id: string } & TAutomationTemplateRequest) {
  return readJson(await api.automations[':id'].$put({ param: { id: input.id }, json: { subject: input.subject, html: input.html } }));
}

export function useUpdateAutomation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAutomation, onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }) });
}
