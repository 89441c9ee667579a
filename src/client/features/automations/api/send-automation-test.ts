import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TAutomationTestRequest, TAutomationTestResponse } from '../../../../shared/schemas/automations';
import { automationKeys } from './keys';

export async function sendAutomationTest(input: { id: string } & TAutomationTestRequest): Promise<TAutomationTestResponse> {
  return readJson<TAutomationTestResponse>(await api.automations[':id'].test.$post({ param: { id: input.id }, json: { to: input.to, ...(input.lang ? { lang: input.lang } : {}) } }));
}

/** Sends the automation, rendered with sample data, to one address; its log line appears in the last sends. */
export function useSendAutomationTest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendAutomationTest, onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.all, exact: true }) });
}
