import { OwnerPage } from '../../../components/owner-page';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { QrPage } from '../../../features/qr/components/qr-page';

export default function Page() {
  const m = useOwnerMessages();
  return (
    <OwnerPage title={m.venues_qr_page_title()}>
      <QrPage />
    </OwnerPage>
  );
}
