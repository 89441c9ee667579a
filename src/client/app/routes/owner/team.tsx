import { OwnerPage } from '../../../components/owner-page';
import { TeamPage } from '../../../features/team/components/team-page';

export default function Page() {
  return (
    <OwnerPage title="Équipe">
      <TeamPage />
    </OwnerPage>
  );
}
