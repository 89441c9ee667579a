import { useState } from 'react';
import type { TInboxItem } from '../../../../shared/schemas/inbox';

/**
 * 'Répondre' on /avis: a feedback without a reply opens the reply dialog at once; one already answered asks
 * first (« Envoyer une seconde réponse ? »), and the confirmed dialog sends with `another`.
 */
export function useReplyFlow() {
  const [replyTo, setReplyTo] = useState<{ item: TInboxItem; another: boolean } | null>(null);
  const [confirmAnother, setConfirmAnother] = useState<TInboxItem | null>(null);
  return {
    replyTo,
    confirmAnother,
    open: (item: TInboxItem) => (item.replies.length > 0 ? setConfirmAnother(item) : setReplyTo({ item, another: false })),
    confirm: () => {
      if (confirmAnother) setReplyTo({ item: confirmAnother, another: true });
      setConfirmAnother(null);
    },
    cancelConfirm: () => setConfirmAnother(null),
    close: () => setReplyTo(null),
  };
}
