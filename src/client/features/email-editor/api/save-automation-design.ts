import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { automationsKeys } from '../../../lib/query-keys';
import type { TAutomationTemplateRequest } from '../../../../shared/schemas/automations';

/** Saves subject, HTML and the editor's design (null from the raw HTML mode) as a new version; /automations reads its cards again. */
export async function saveAutomationDesign(input: { id: string } & TAutomationTemplateRequest) {
  const { id, ...json } = input;
  return readJson(await api.automations[':id'].$put({ param: { id }, json }));
}

export function useSaveAutomationDesign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAutomationDesign, onSettled: () => queryClient.invalidateQueries({ queryKey: automationsKeys.all }) });
}
