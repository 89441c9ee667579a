import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TAutomationTranslationRequest, TranslationLocale } from '../../../../shared/schemas/automations';
import { automationKeys } from './keys';

/** Saves the owner's text of an automation in a language besides French (checked as the French save is). */
export async function saveAutomationTranslation(input: { id: string; lang: TranslationLocale } & TAutomationTranslationRequest) {
  return readJson(await api.automations[':id'].translations[':lang'].$put({ param: { id: input.id, lang: input.lang }, json: { subject: input.subject, html: input.html } }));
}

/** Removes it: diners reading that language get the French text again, in their language's layout. */
export async function deleteAutomationTranslation(input: { id: string; lang: TranslationLocale }) {
  return readJson(await api.automations[':id'].translations[':lang'].$delete({ param: { id: input.id, lang: input.lang } }));
}

export function useSaveAutomationTranslation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAutomationTranslation, onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }) });
}

export function useDeleteAutomationTranslation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAutomationTranslation, onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }) });
}
