import { Eye, History, Languages, LayoutTemplate, Pencil, Send, Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { checkTemplate } from '../../../../shared/rules/email-template';
import { AUTOMATION_MESSAGES, TRANSLATION_LOCALES, ZAutomationTemplateRequest, type TAutomation, type TranslationLocale } from '../../../../shared/schemas/automations';
import { LOCALE_NAMES_FR, localeListFr } from '../../../../shared/rules/locale-names';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { NativeSelect } from '../../../components/ui/native-select';
import { useDeleteAutomationTranslation, useSaveAutomationTranslation } from '../api/save-automation-translation';
import { useAutomationPreview } from '../api/get-automation-preview';
import { useSetAutomationStatus } from '../api/set-automation-status';
import { useUpdateAutomation } from '../api/update-automation';
import { paths } from '../../../config/paths';
import { LastSends } from './last-sends';
import { TestSendDialog } from './test-send-dialog';
import { VersionsDialog } from './versions-dialog';
import { onInvalid, toastError, toastErrorTitle } from '../../../lib/toast';

/** When an automation sends: its own rhythm for the alert (grouped) and the digest (weekly), else its delay. */
function describeDelay(key: string, minutes: number): string {
  if (key === 'weekly_digest') return 'Envoi chaque lundi à 9 h';
  if (key === 'manager_alert_low_rating') return 'Envoi immédiat, puis regroupé : au plus un email toutes les 15 minutes';
  if (minutes === 0) return 'Envoi immédiat';
  if (minutes % 1440 === 0) return `Envoi après ${minutes / 1440} jour${minutes / 1440 > 1 ? 's' : ''}`;
  return `Envoi après ${minutes} minutes`;
}

/** The text area's fields: the shared template request, and each part's variables checked (the same check as the server's). */
const ZEditForm = ZAutomationTemplateRequest.pick({ subject: true, html: true }).superRefine((values, context) => {
  for (const key of ['subject', 'html'] as const) {
    const check = checkTemplate(values[key]);
    if (!check.ok) context.addIssue({ code: 'custom', path: [key], message: check.message });
  }
});
type TEditForm = z.input<typeof ZEditForm>;

type EditLanguage = 'fr' | TranslationLocale;

/** The languages an automation's text may be edited in: French (the source), then the four others for a diner's email. */
function editLanguages(automation: TAutomation): EditLanguage[] {
  return automation.translatable ? ['fr', ...TRANSLATION_LOCALES] : ['fr'];
}

/** What a language's tab says: the French text, a saved translation, or none yet. */
function languageState(automation: TAutomation, lang: EditLanguage): string {
  if (lang === 'fr') return 'texte d’origine';
  return automation.translations[lang] ? 'traduit' : 'non traduit';
}

/**
 * Edits the subject and the HTML (a 12-row text area, spec §2) in French or, for a diner's email, in one
 * of the four other languages (issue 52); variables are checked before saving, as the server does.
 */
function EditDialog({ automation, open, onOpenChange }: { automation: TAutomation; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [lang, setLang] = useState<EditLanguage>('fr');
  const textOf = (next: EditLanguage) => (next === 'fr' ? { subject: automation.subject, html: automation.html } : (automation.translations[next] ?? { subject: '', html: '' }));
  const form = useForm<TEditForm>({ resolver: zodResolver(ZEditForm), defaultValues: textOf('fr') });
  const update = useUpdateAutomation();
  const saveTranslation = useSaveAutomationTranslation();
  const deleteTranslation = useDeleteAutomationTranslation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const switchTo = (next: EditLanguage) => {
    setLang(next);
    form.reset(textOf(next));
  };
  const submit = form.handleSubmit(async ({ subject, html }) => {
    try {
      if (lang === 'fr') {
        await update.mutateAsync({ id: automation.id, subject, html });
        toast.success(AUTOMATION_MESSAGES.updated);
      } else {
        await saveTranslation.mutateAsync({ id: automation.id, lang, subject, html });
        toast.success(AUTOMATION_MESSAGES.translationSaved, { description: LOCALE_NAMES_FR[lang] });
      }
      onOpenChange(false);
    } catch (error) {
      toastError(AUTOMATION_MESSAGES.updateFailed, error);
    }
  }, onInvalid(['subject', 'html']));
  const subjectId = `automation-subject-${automation.id}`;
  const htmlId = `automation-html-${automation.id}`;
  const languageId = `automation-language-${automation.id}`;
  const saved = lang !== 'fr' && !!automation.translations[lang];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Modifier « {automation.name} »</DialogTitle>
          <DialogDescription>Utilisez les variables entre doubles accolades, par exemple {'{{first_name}}'}.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          {automation.translatable ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={languageId}>Langue du texte</Label>
              <NativeSelect id={languageId} value={lang} onChange={(event) => switchTo(event.target.value as EditLanguage)} data-testid="automation-language">
                {editLanguages(automation).map((option) => (
                  <option key={option} value={option}>
                    {LOCALE_NAMES_FR[option]} ({languageState(automation, option)})
                  </option>
                ))}
              </NativeSelect>
              <p className="text-xs text-stone-600">
                {lang === 'fr'
                  ? 'Le texte français part aussi vers les clients dont la langue n’a pas de traduction, dans une mise en page dans leur langue.'
                  : `Les clients qui notent en ${LOCALE_NAMES_FR[lang].toLowerCase()} reçoivent ce texte. Sans lui, ils reçoivent le texte français.`}
              </p>
            </div>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={subjectId}>Objet</Label>
            <Input id={subjectId} maxLength={200} {...form.register('subject')} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={htmlId}>Contenu HTML</Label>
            <Textarea id={htmlId} rows={12} className="font-mono text-xs" {...form.register('html')} />
          </div>
          {saved ? (
            <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => setConfirmingDelete(true)}>
              <Trash2 aria-hidden="true" />
              Supprimer la traduction
            </Button>
          ) : null}
          <DialogFormFooter submitLabel="Enregistrer" busy={update.isPending || saveTranslation.isPending} busyLabel="Enregistrement…" />
        </form>
        {lang !== 'fr' ? (
          <ConfirmDialog
            open={confirmingDelete}
            onOpenChange={setConfirmingDelete}
            title={`Supprimer la traduction en ${LOCALE_NAMES_FR[lang].toLowerCase()} ?`}
            description="Les clients de cette langue recevront de nouveau le texte français."
            confirmLabel="Supprimer"
            pending={deleteTranslation.isPending}
            pendingLabel="Suppression…"
            onConfirm={async () => {
              try {
                await deleteTranslation.mutateAsync({ id: automation.id, lang });
                toast.success(AUTOMATION_MESSAGES.translationDeleted, { description: LOCALE_NAMES_FR[lang] });
                onOpenChange(false);
              } catch (error) {
                toastError(AUTOMATION_MESSAGES.updateFailed, error);
              }
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The automation rendered with sample data, in a sandboxed frame (no script, no same-origin access), as a diner of the chosen language gets it. */
function PreviewDialog({ automation, open, onOpenChange }: { automation: TAutomation; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [lang, setLang] = useState<EditLanguage>('fr');
  const preview = useAutomationPreview(automation.id, open, lang === 'fr' ? undefined : lang);
  const languageId = `automation-preview-language-${automation.id}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Aperçu : {automation.name}</DialogTitle>
          <DialogDescription>Avec des données d’exemple (Camille, 5 étoiles, 20 points).</DialogDescription>
        </DialogHeader>
        {automation.translatable ? (
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor={languageId}>Langue du client</Label>
            <NativeSelect id={languageId} value={lang} onChange={(event) => setLang(event.target.value as EditLanguage)} className="w-44">
              {editLanguages(automation).map((option) => (
                <option key={option} value={option}>
                  {LOCALE_NAMES_FR[option]}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        {preview.isPending ? (
          <p role="status">Chargement de l’aperçu…</p>
        ) : preview.isError ? (
          <p role="alert" className="text-red-700">
            {preview.error.message}
          </p>
        ) : (
          <div className="flex flex-col gap-2">
            <p className="text-sm">
              <span className="text-stone-500">Objet : </span>
              <strong data-testid="preview-subject">{preview.data.subject}</strong>
            </p>
            <iframe title={`Aperçu de l’email « ${automation.name} »`} sandbox="" srcDoc={preview.data.html} className="h-80 w-full rounded-lg border border-stone-200 bg-white" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Which offered languages this diner email has no text in (their diners get the French one). */
function MissingLanguages({ automation }: { automation: TAutomation }) {
  if (!automation.translatable) return null;
  const translated = TRANSLATION_LOCALES.filter((lang) => automation.translations[lang]);
  return automation.missingLanguages.length ? (
    <p className="flex items-start gap-1.5 text-xs text-amber-800" data-testid="automation-missing-languages">
      <Languages className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>
        Traduction manquante : {localeListFr(automation.missingLanguages)}. Ces clients reçoivent le texte français.
      </span>
    </p>
  ) : (
    <p className="flex items-start gap-1.5 text-xs text-stone-600" data-testid="automation-missing-languages">
      <Languages className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>{translated.length ? `Traduit en ${localeListFr(translated)}.` : 'Vos pages client ne proposent que le français.'}</span>
    </p>
  );
}

/**
 * One automation: name, description, delay, 'Actif' / 'En pause' with its switch, preview, edit (text area
 * or visual editor), versions, test send and the last sends. `restaurantId` is undefined until the
 * owner's restaurant is loaded: the visual editor's link needs it.
 */
export function AutomationCard({ automation, restaurantId, contactEmail }: { automation: TAutomation; restaurantId: string | undefined; contactEmail: string }) {
  const [editing, setEditing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [showingVersions, setShowingVersions] = useState(false);
  const [testing, setTesting] = useState(false);
  const setStatus = useSetAutomationStatus();
  const active = automation.status === 'active';
  const switchId = `automation-active-${automation.id}`;
  return (
    <Card className="flex h-full flex-col gap-3 p-4 sm:p-5" data-testid="automation-card" data-key={automation.key}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">{automation.name}</h3>
          <p className="text-sm text-stone-600">{automation.description}</p>
        </div>
        <Badge variant={active ? 'success' : 'neutral'} className="shrink-0">
          {active ? 'Actif' : 'En pause'}
        </Badge>
      </div>
      <p className="text-xs text-stone-500">{describeDelay(automation.key, automation.delayMinutes)}</p>
      <MissingLanguages automation={automation} />
      <p className="truncate text-sm text-stone-700" title={automation.subjectPreview}>
        <span className="text-stone-500">Objet : </span>
        <span data-testid="automation-subject">{automation.subjectPreview}</span>
      </p>
      <div className="mt-auto flex items-center gap-2">
        <Switch
          id={switchId}
          checked={active}
          disabled={setStatus.isPending}
          onCheckedChange={async (checked) => {
            try {
              await setStatus.mutateAsync({ id: automation.id, status: checked ? 'active' : 'inactive' });
              toast.success(AUTOMATION_MESSAGES.statusChanged);
            } catch (error) {
              toastError(AUTOMATION_MESSAGES.statusFailed, error);
            }
          }}
        />
        <Label htmlFor={switchId} className="text-sm">
          {active ? 'Activée' : 'Désactivée'}
        </Label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setPreviewing(true)}>
          <Eye aria-hidden="true" />
          Aperçu
        </Button>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          Modifier
        </Button>
        {restaurantId ? (
          <Button variant="outline" size="sm" asChild>
            <Link to={paths.emailEditor.href(automation.key, restaurantId)}>
              <LayoutTemplate aria-hidden="true" />
              Éditeur visuel
            </Link>
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => toastErrorTitle(AUTOMATION_MESSAGES.notReady)}>
            <LayoutTemplate aria-hidden="true" />
            Éditeur visuel
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => setShowingVersions(true)}>
          <History aria-hidden="true" />
          Versions
        </Button>
        <Button variant="outline" size="sm" onClick={() => setTesting(true)}>
          <Send aria-hidden="true" />
          Envoyer un test
        </Button>
      </div>
      <LastSends sends={automation.lastSends} />
      {editing ? <EditDialog automation={automation} open={editing} onOpenChange={setEditing} /> : null}
      <PreviewDialog automation={automation} open={previewing} onOpenChange={setPreviewing} />
      {showingVersions ? <VersionsDialog automation={automation} open={showingVersions} onOpenChange={setShowingVersions} /> : null}
      <TestSendDialog automation={automation} defaultTo={contactEmail} open={testing} onOpenChange={setTesting} />
    </Card>
  );
}
