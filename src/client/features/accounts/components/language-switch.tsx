import { Languages } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ownerMessages } from '../../../../shared/i18n/owner';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { toastError } from '../../../lib/toast';
import { useSetOwnerLanguage } from '../api/set-language';

/**
 * The header's language switch of the owner's product (issue #53, decision 097): one button naming the
 * other language in that language (« English » on a French page, « Français » on an English one).
 */
export function LanguageSwitch() {
  const locale = useOwnerLocale();
  const m = useOwnerMessages();
  const setLanguage = useSetOwnerLanguage();
  const other = locale === 'fr' ? 'en' : 'fr';
  return (
    <Button
      variant="ghost"
      size="sm"
      className="px-2 sm:px-3"
      lang={other === 'en' ? 'en-GB' : 'fr'}
      aria-label={other === 'en' ? 'Language: English' : 'Langue : français'}
      disabled={setLanguage.isPending}
      onClick={() =>
        setLanguage.mutate(other, {
          // Said in the language chosen: the owner sees at once that it took.
          onSuccess: ({ lang }) => toast.success(ownerMessages(lang).shell_language_changed()),
          onError: (error) => toastError(m.shell_language_failed(), error),
        })
      }
    >
      <Languages aria-hidden="true" />
      {/* On a phone the header is narrow: the language's code (its name from 640 px). */}
      <span className="sm:hidden">{other === 'en' ? 'EN' : 'FR'}</span>
      <span className="hidden sm:inline">{other === 'en' ? m.shell_language_en() : m.shell_language_fr()}</span>
    </Button>
  );
}
