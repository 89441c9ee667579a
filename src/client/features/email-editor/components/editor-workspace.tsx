import { Code, Eye, LayoutTemplate, Save } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { BackLink } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { toastError } from '../../../lib/toast';
import { checkHtmlContent, checkSubjectContent } from '../../../../shared/rules/email-content';
import { AUTOMATION_MESSAGES, EDITOR_IMAGE_MESSAGES, EDITOR_MESSAGES, type TAutomationEditorResponse, type TAutomationPreview } from '../../../../shared/schemas/automations';
import { usePreviewDraft } from '../api/preview-draft';
import { useSaveAutomationDesign } from '../api/save-automation-design';
import { EditorMessage } from './editor-message';
import { VariablesList } from './variables-list';
import type { VisualEditorHandle } from './visual-editor';

// GrapesJS (~300 KB) loads with this page only: the owner bundle does not carry it.
const VisualEditor = lazy(() => import('./visual-editor'));

/** Below this width the drag-and-drop canvas is cramped: the page opens in HTML mode and says why. */
const WIDE_SCREEN_QUERY = '(min-width: 768px)';

/** The editor once its automation is loaded: subject, visual or raw HTML mode, save as a new version. */
export function EmailEditorWorkspace({ data }: { data: TAutomationEditorResponse }) {
  const { automation } = data;
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
      <EditorToolbar
        name={automation.name}
        subject={subject}
        onSubject={setSubject}
        mode={mode}
        onMode={switchMode}
        previewing={previewDraft.isPending}
        onPreview={() => void showPreview()}
        saving={save.isPending}
        onSave={() => void submit()}
      />
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
      <PreviewDialog preview={preview} onClose={() => setPreview(null)} />
      {mode === 'visual' ? (
        <div className="border-t border-stone-200 bg-white p-2">
          <VariablesList />
        </div>
      ) : null}
    </div>
  );
}


type Mode = 'visual' | 'html';

/** The editor's bar: back to /automations, the automation's name, its subject, the mode, preview and save. */
function EditorToolbar({
  name,
  subject,
  onSubject,
  mode,
  onMode,
  previewing,
  onPreview,
  saving,
  onSave,
}: {
  name: string;
  subject: string;
  onSubject: (subject: string) => void;
  mode: Mode;
  onMode: (mode: Mode) => void;
  previewing: boolean;
  onPreview: () => void;
  saving: boolean;
  onSave: () => void;
}) {
  const subjectId = useId();
  return (
    <header className="flex flex-col gap-2 border-b border-stone-200 bg-white px-3 py-2 md:flex-row md:items-end md:gap-4">
      <div className="flex min-w-0 items-center gap-2 md:self-center">
        <BackLink to={paths.automations.href()}>Emails automatiques</BackLink>
        <h1 className="truncate font-semibold">{name}</h1>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Label htmlFor={subjectId} className="text-xs">
          Objet
        </Label>
        <Input id={subjectId} value={subject} maxLength={200} onChange={(event) => onSubject(event.target.value)} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Mode d’édition" className="flex rounded-lg border border-stone-300 p-0.5">
          <Button type="button" size="sm" variant={mode === 'visual' ? 'default' : 'ghost'} aria-pressed={mode === 'visual'} onClick={() => onMode('visual')}>
            <LayoutTemplate aria-hidden="true" />
            Visuel
          </Button>
          <Button type="button" size="sm" variant={mode === 'html' ? 'default' : 'ghost'} aria-pressed={mode === 'html'} onClick={() => onMode('html')}>
            <Code aria-hidden="true" />
            HTML
          </Button>
        </div>
        <Button type="button" variant="outline" onClick={onPreview} disabled={previewing}>
          <Eye aria-hidden="true" />
          {previewing ? 'Aperçu…' : 'Aperçu'}
        </Button>
        <Button type="button" onClick={onSave} disabled={saving}>
          <Save aria-hidden="true" />
          {saving ? 'Enregistrement…' : 'Enregistrer'}
        </Button>
      </div>
    </header>
  );
}

/** The email as diners receive it, with sample data, in a sandboxed frame. */
function PreviewDialog({ preview, onClose }: { preview: TAutomationPreview | null; onClose: () => void }) {
  return (
    <Dialog open={preview !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Aperçu de l’email</DialogTitle>
          <DialogDescription>Tel que vos clients le reçoivent, avec des données d’exemple. Objet : {preview?.subject}</DialogDescription>
        </DialogHeader>
        {preview ? <iframe title="Aperçu de l’email" sandbox="" srcDoc={preview.html} className="h-[70dvh] w-full rounded-lg border border-stone-200 bg-white" /> : null}
      </DialogContent>
    </Dialog>
  );
}
