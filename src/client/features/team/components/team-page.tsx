import { QueryError } from '../../../components/ui/query-error';
import { PageLoading } from '../../../components/ui/skeleton';
import { useTeam } from '../api/team';
import { InvitationList } from '../components/invitation-list';
import { InviteForm } from '../components/invite-form';
import { MemberList } from '../components/member-list';
import { PageHeader } from '../../../components/ui/page-header';

/** /equipe (issue #29, decision 053): the organisation's members, pending invitations and the invite form. */
export function TeamPage() {
  const team = useTeam();
  return (
    <>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <PageHeader title="Équipe" description="Les personnes qui travaillent dans vos établissements, leur rôle et leurs accès." />
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
    </>
  );
}
