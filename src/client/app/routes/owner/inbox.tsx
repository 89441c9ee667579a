import { OwnerPage } from '../../../components/owner-page';
import { InboxPage } from '../../../features/inbox/components/inbox-page';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** /avis (features/inbox). */
export default function Page() {
  const m = useOwnerMessages();
  return (
    <OwnerPage title={m.reviews_inbox_page_title()}>
      <InboxPage />
    </OwnerPage>
  );
}
