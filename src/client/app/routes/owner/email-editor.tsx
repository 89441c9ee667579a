import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/accounts/api/get-me';
import { useAutomationForEditor } from '../../../features/email-editor/api/get-automation-for-editor';
import { EditorMessage } from '../../../features/email-editor/components/editor-message';
import { EmailEditorWorkspace } from '../../../features/email-editor/components/editor-workspace';
import { ApiError } from '../../../lib/api-client';
import { setCurrentVenue } from '../../../lib/current-venue';
import { toastErrorTitle } from '../../../lib/toast';
import { resolveOwnerGate } from '../../../../shared/rules/owner-gate';
import { AUTOMATION_MESSAGES, EDITOR_MESSAGES } from '../../../../shared/schemas/automations';

/**
 * /emails/{key}/editor?restaurant_id=…: the spec's states (loading; no session → message and /login;
 * missing parameters; unknown automation; failed start), then the editor.
 */
export default function EmailEditorPage() {
  const { key } = useParams();
  const [search] = useSearchParams();
  const restaurantId = search.get('restaurant_id');
  const navigate = useNavigate();
  const me = useMe();
  const signedOut = me.data === null;
  // The venue of the address (restaurant_id): the editor's calls are that venue's (decision 056).
  const venue = me.data?.restaurants.find((item) => item.id === restaurantId);
  if (venue) setCurrentVenue(venue.id);
  const approved = me.data ? resolveOwnerGate(me.data.user.emailVerified, venue ?? me.data.restaurants[0]) === 'approved' : false;
  const hasParameters = !!key && !!restaurantId;
  const automation = useAutomationForEditor(key, approved && hasParameters && !!venue);

  useEffect(() => {
    if (signedOut) {
      toastErrorTitle(EDITOR_MESSAGES.signInRequired);
      navigate(paths.login.href(), { replace: true });
    } else if (me.data && !approved) {
      // Pending, suspended…: the owner area explains it.
      navigate(paths.dashboard.href(), { replace: true });
    }
  }, [signedOut, approved, me.data, navigate]);

  if (me.isError) return <EditorMessage title={EDITOR_MESSAGES.initFailed} detail={me.error.message} />;
  if (!me.data) return <PageLoading label="Vérification de votre accès…" />;
  if (!hasParameters) return <EditorMessage title={EDITOR_MESSAGES.missingParameters} />;
  if (!approved) return <PageLoading label="Redirection…" />;
  if (!venue) return <EditorMessage title={AUTOMATION_MESSAGES.notFound} />;
  if (automation.isPending) return <PageLoading label="Chargement de l’email…" />;
  if (automation.isError) {
    const notFound = automation.error instanceof ApiError && automation.error.status === 404;
    return <EditorMessage title={notFound ? AUTOMATION_MESSAGES.notFound : EDITOR_MESSAGES.initFailed} detail={notFound ? undefined : automation.error.message} />;
  }
  return <EmailEditorWorkspace data={automation.data} />;
}
