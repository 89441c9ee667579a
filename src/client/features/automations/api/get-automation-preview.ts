import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TAutomationPreview, TranslationLocale } from '../../../../shared/schemas/automations';
import { automationKeys } from './keys';

/** The automation with sample data; in `lang`, as a diner reading that language gets it (their text, else the French one, in their layout). */
export async function getAutomationPreview(id: string, lang?: TranslationLocale): Promise<TAutomationPreview> {
  return readJson<TAutomationPreview>(await api.automations[':id'].preview.$get({ param: { id }, query: lang ? { lang } : {} }));
}

export function getAutomationPreviewQueryOptions(id: string, lang?: TranslationLocale) {
  return queryOptions({ queryKey: automationKeys.preview(id, lang ?? 'fr'), queryFn: () => getAutomationPreview(id, lang), staleTime: 0 });
}

export function useAutomationPreview(id: string, enabled: boolean, lang?: TranslationLocale) {
  return useQuery({ ...getAutomationPreviewQueryOptions(id, lang), enabled });
}
