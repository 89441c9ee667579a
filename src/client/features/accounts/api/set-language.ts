import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerLocale } from '../../../../shared/rules/locales';
import { api, readJson } from '../../../lib/api-client';
import { setOwnerLocale } from '../../../lib/owner-locale';
import { accountKeys } from './keys';

/** PATCH /api/me/language: the user's language of the owner's product; the tab switches once it is stored. */
export function useSetOwnerLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lang: OwnerLocale) => readJson(await api.me.language.$patch({ json: { lang } })),
    onSuccess: ({ lang }) => {
      setOwnerLocale(lang);
      void queryClient.invalidateQueries({ queryKey: accountKeys.me });
    },
  });
}
