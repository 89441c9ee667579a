import { ArrowLeft, Code, Eye, LayoutTemplate, Save } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/accounts/api/get-me';
import { setCurrentVenue } from '../../../lib/current-venue';
import { resolveOwnerGate } from '../../../../shared/rules/owner-gate';
import { useAutomationForEditor } from '../../../features/email-editor/api/get-automation-for-editor';
import { useSaveAutomationDesign } from '../../../features/email-editor/api/save-automation-design';
import { usePreviewDraft } from '../../../features/email-editor/api/preview-draft';
import type { VisualEditorHandle } from '../../../features/email-editor/components/visual-editor';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { TEMPLATE_VARIABLES } from '../../../../shared/rules/email-template';
import { checkHtmlContent, checkSubjectContent } from '../../../../shared/rules/email-content';
import { AUTOMATION_MESSAGES, EDITOR_IMAGE_MESSAGES, EDITOR_MESSAGES, type TAutomationEditorResponse, type TAutomationPreview } from '../../../../shared/schemas/automations';
import { toastError, toastErrorTitle } from '../../../lib/toast';

// GrapesJS (~300 KB) loads with this page only: the owner bundle does not carry it.
const VisualEditor = lazy(() => import('../../../features/email-editor/components/visual-editor'));

/** Below this width the drag-and-drop canvas is cramped: the page opens in HTML mode and says why. */
const WIDE_SCREEN_QUERY = '(min-width: 768px)';

/** A full-page message (missing parameters, unknown automation, failed start) with a way back. */
function EditorMessage({ title, detail }: { title: string; detail?: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 role="alert" className="text-xl font-semibold">
        {title}
      </h1>
      {detail ? <p className="text-stone-600">{detail}</p> : null}
      <Button asChild variant="outline">
        <Link to={paths.automations.href()}>Retour aux automations</Link>
      </Button>
    </main>
  );
}

function VariablesList() {
  return (
    <details className="rounded-lg border border-stone-200 bg-white text-sm">
      <summary className="cursor-pointer px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-brand-600">Variables disponibles</summary>
      <dl className="grid gap-1 px-3 pb-3 sm:grid-cols-2">
        {TEMPLATE_VARIABLES.map((variable) => (
          <div key={variable.name} className="flex flex-wrap gap-x-2">
            <dt className="font-mono text-xs text-brand-800">{`{{${variable.name}}}`}</dt>
            <dd className="text-stone-600">{variable.description}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** The editor once its automation is loaded: subject, visual or raw HTML mode, save as a new version. */
function EmailEditorWorkspace({ data }: { data: TAutomationEditorResponse }) {
  const { automation } = data;
  const subjectId = useId();
  const htmlId = useId();
  const wideScreen = typeof window !== 'undefined' && window.matchMedia(WIDE_SCREEN_QUERY).matches;
  const [mode, setMode] = useState<'visual' | 'html'>(wideScreen ? 'visual' : 'html');
  const [subject, setSubject] = useState(automation.subject);
  const [html, setHtml] = useState(automation.html);
  // What the visual editor opens: the saved design, or (after raw HTML edits) the HTML itself.
  const [visualSource, setVisualSource] = useState({ html: automation.html, design: data.design, version: 0 });
  const [initFailed, setInitFailed] = useState(false);
  const editor = useRef<VisualEditorHandle | null>(null);
  const save = useSaveAutomationDesign();
  const previewDraft = usePreviewDraft();
  const [preview, setPreview] = useState<TAutomationPreview | null>(null);

  /** The content as it stands in the current mode. */
  const readContent = () => (mode === 'visual' && editor.current ? editor.current.read() : { html, design: null });

  const showPreview = async () => {
    try {
      setPreview(await previewDraft.mutateAsync({ id: automation.id, subject, html: readContent().html }));
    } catch (error) {
      toastError('Erreur lors de l’aperçu', error);
    }
  };

  const switchMode = (next: 'visual' | 'html') => {
    if (next === mode) return;
    if (next === 'html' && editor.current) setHtml(editor.current.read().html);
    if (next === 'visual') {
      editor.current = null;
      setVisualSource((source) => ({ html, design: null, version: source.version + 1 }));
    }
    setMode(next);
  };

  const submit = async () => {
    const content = readContent();
    // The server's checks (shared/rules/email-content.ts), run here first: the same French message, no request.
    for (const check of [checkSubjectContent(subject.trim()), checkHtmlContent(content.html.trim())]) {
      if (!check.ok) {
        toastError(AUTOMATION_MESSAGES.updateFailed, undefined, check.message);
        return;
      }
    }
    try {
      await save.mutateAsync({ id: automation.id, subject, html: content.html, design: content.design });
      toast.success(AUTOMATION_MESSAGES.updated);
    } catch (error) {
      toastError(AUTOMATION_MESSAGES.updateFailed, error);
    }
  };

  if (initFailed) return <EditorMessage title={EDITOR_MESSAGES.initFailed} detail="Rechargez la page, ou modifiez le HTML depuis la page des automations." />;

  return (
    <div className="flex h-dvh flex-col bg-stone-50">
      <header className="flex flex-col gap-2 border-b border-stone-200 bg-white px-3 py-2 md:flex-row md:items-end md:gap-4">
        <div className="flex min-w-0 items-center gap-2 md:self-center">
          <Link to={paths.automations.href()} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Automations
          </Link>
          <h1 className="truncate font-semibold">{automation.name}</h1>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Label htmlFor={subjectId} className="text-xs">
            Objet
          </Label>
          <Input id={subjectId} value={subject} maxLength={200} onChange={(event) => setSubject(event.target.value)} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Mode d’édition" className="flex rounded-lg border border-stone-300 p-0.5">
            <Button type="button" size="sm" variant={mode === 'visual' ? 'default' : 'ghost'} aria-pressed={mode === 'visual'} onClick={() => switchMode('visual')}>
              <LayoutTemplate aria-hidden="true" />
              Visuel
            </Button>
            <Button type="button" size="sm" variant={mode === 'html' ? 'default' : 'ghost'} aria-pressed={mode === 'html'} onClick={() => switchMode('html')}>
              <Code aria-hidden="true" />
              HTML
            </Button>
          </div>
          <Button type="button" variant="outline" onClick={() => void showPreview()} disabled={previewDraft.isPending}>
            <Eye aria-hidden="true" />
            {previewDraft.isPending ? 'Aperçu…' : 'Aperçu'}
          </Button>
          <Button type="button" onClick={() => void submit()} disabled={save.isPending}>
            <Save aria-hidden="true" />
            {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
        </div>
      </header>
      {!wideScreen ? (
        <p className="border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="small-screen-notice">
          L’éditeur visuel est conçu pour un écran d’ordinateur. Sur téléphone, modifiez le HTML ci-dessous.
        </p>
      ) : null}
      <div className="min-h-0 flex-1">
        {mode === 'visual' ? (
          <Suspense fallback={<PageLoading label="Chargement de l’éditeur…" />}>
            <div className="h-full" data-testid="visual-editor">
              <VisualEditor
                key={visualSource.version}
                html={visualSource.html}
                design={visualSource.design}
                frame={data.frame}
                onUploadError={(error) => toastError(EDITOR_IMAGE_MESSAGES.uploadFailed, error)}
                onUploaded={() => toast.success(EDITOR_IMAGE_MESSAGES.uploaded)}
                onReady={(handle) => {
                  editor.current = handle;
                }}
                onError={() => setInitFailed(true)}
              />
            </div>
          </Suspense>
        ) : (
          <div className="flex h-full flex-col gap-2 overflow-y-auto p-3">
            <Label htmlFor={htmlId}>Contenu HTML</Label>
            <Textarea id={htmlId} className={cn('min-h-64 flex-1 font-mono text-xs')} value={html} onChange={(event) => setHtml(event.target.value)} />
            <VariablesList />
          </div>
        )}
      </div>
      <Dialog open={preview !== null} onOpenChange={(open) => !open && setPreview(null)}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>Aperçu de l’email</DialogTitle>
            <DialogDescription>Tel que vos clients le reçoivent, avec des données d’exemple. Objet : {preview?.subject}</DialogDescription>
          </DialogHeader>
          {preview ? <iframe title="Aperçu de l’email" sandbox="" srcDoc={preview.html} className="h-[70dvh] w-full rounded-lg border border-stone-200 bg-white" /> : null}
        </DialogContent>
      </Dialog>
      {mode === 'visual' ? (
        <div className="border-t border-stone-200 bg-white p-2">
          <VariablesList />
        </div>
      ) : null}
    </div>
  );
}

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
