import { OwnerPage } from '../../../components/owner-page';
import { ReviewLinkPage } from '../../../features/reviews/components/review-link-page';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** /google-settings (features/reviews). */
export default function Page() {
  const m = useOwnerMessages();
  return (
    <OwnerPage title={m.reviews_link_page_title()}>
      <ReviewLinkPage />
    </OwnerPage>
  );
}
