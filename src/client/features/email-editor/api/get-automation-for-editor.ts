import { useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TAutomationEditorResponse } from '../../../../shared/schemas/automations';
import { emailEditorKeys } from './keys';

export async function getAutomationForEditor(key: string): Promise<TAutomationEditorResponse> {
  return readJson<TAutomationEditorResponse>(await api.automations['by-key'][':key'].$get({ param: { key } }));
}

/** The automation the editor opens, with its saved design (null when it was last written as HTML). */
export function useAutomationForEditor(key: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: emailEditorKeys.automation(key),
    queryFn: () => getAutomationForEditor(key!),
    enabled: enabled && !!key,
    staleTime: 0,
    // The editor holds unsaved work: never swap its content under the owner's hands.
    refetchOnWindowFocus: false,
    retry: false,
  });
}
