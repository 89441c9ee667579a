import { OwnerPage } from '../../layouts/owner-layout';
import { QueryError } from '../../../components/ui/query-error';
import { PageLoading } from '../../../components/ui/skeleton';
import { useTeam } from '../../../features/team/api/team';
import { InvitationList } from '../../../features/team/components/invitation-list';
import { InviteForm } from '../../../features/team/components/invite-form';
import { MemberList } from '../../../features/team/components/member-list';

/** /equipe (issue #29, decision 053): the organisation's members, pending invitations and the invite form. */
export default function TeamPage() {
  const team = useTeam();
  return (
    <OwnerPage title="Équipe">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Équipe</h2>
          <p className="text-sm text-stone-600">Les personnes qui travaillent dans vos établissements, leur rôle et leurs accès.</p>
        </div>
        {team.isPending ? (
          <PageLoading label="Chargement de l’équipe…" />
        ) : team.isError ? (
          <QueryError title="Impossible de charger l’équipe" detail={team.error.message} onRetry={() => void team.refetch()} />
        ) : (
          <>
            <InviteForm team={team.data} />
            <InvitationList team={team.data} />
            <MemberList team={team.data} />
          </>
        )}
      </div>
    </OwnerPage>
  );
}
