import { z } from 'zod';
import { checkHtmlContent, checkSubjectContent, MAX_EMAIL_BYTES, utf8Bytes } from '../rules/email-content';
import { LOCALES, type Locale } from '../rules/locales';

/** The §8 toasts of /automations. */
export const AUTOMATION_MESSAGES = {
  statusChanged: 'Statut modifié',
  statusFailed: 'Erreur lors de la modification',
  updated: 'Automation mise à jour',
  updateFailed: 'Erreur lors de la mise à jour',
  initialised: 'Automations initialisées avec succès',
  notFound: 'Automation introuvable',
  notReady: 'Restaurant non prêt, réessayez dans un instant',
  testSent: 'Email de test envoyé avec succès',
  testFailed: 'Erreur lors de l’envoi du test',
  versionRestored: 'Version restaurée',
  versionNotFound: 'Version introuvable',
  sendingHoursSaved: 'Horaires d’envoi enregistrés',
  sendingHoursFailed: 'Erreur lors de l’enregistrement des horaires',
  htmlTooLarge: 'L’email dépasse 90 Ko une fois mis en page : Gmail le couperait (et son lien de désinscription). Allégez le contenu.',
  emptyAfterSanitising: 'Le contenu ne contient rien qu’un email puisse afficher (scripts et éléments interactifs sont retirés).',
  savesLimited: 'Trop d’enregistrements de modèles d’email en peu de temps. Réessayez dans quelques minutes.',
  testRecipientRefused: 'Les emails de test ne partent que vers l’adresse du restaurant ou la vôtre.',
  translationSaved: 'Traduction enregistrée',
  translationDeleted: 'Traduction supprimée',
  translationNotFound: 'Langue introuvable',
  translationOwnerOnly: 'Cet email est adressé au restaurant : il reste en français.',
} as const;

/** The languages an owner may translate an automation into: every language but French, the source (issue 52). */
export const TRANSLATION_LOCALES = LOCALES.filter((locale): locale is Exclude<Locale, 'fr'> => locale !== 'fr');
export type TranslationLocale = (typeof TRANSLATION_LOCALES)[number];
/** One of the four languages besides French. */
export const ZTranslationLocale = z.enum(TRANSLATION_LOCALES, { error: AUTOMATION_MESSAGES.translationNotFound });

/** The messages of the sending-hours form of /automations. */
export const SENDING_HOURS_MESSAGES = {
  invalidHour: 'Choisissez une heure pleine entre 0 h et 24 h',
  endAfterStart: 'L’heure de fin doit être après l’heure de début',
} as const;

const hour = (min: number, max: number) =>
  z.number({ error: SENDING_HOURS_MESSAGES.invalidHour }).int(SENDING_HOURS_MESSAGES.invalidHour).min(min, SENDING_HOURS_MESSAGES.invalidHour).max(max, SENDING_HOURS_MESSAGES.invalidHour);

/**
 * A restaurant's sending hours for the emails planned for later (day-3 nudge, day-30 'we miss you'):
 * whole hours, Paris time, from `start`:00 to `end`:00 (excluded), start before end (decision 025).
 */
export const ZSendingHours = z
  .object({ start: hour(0, 23), end: hour(1, 24) })
  .refine((hours) => hours.start < hours.end, { message: SENDING_HOURS_MESSAGES.endAfterStart, path: ['end'] });
export type TSendingHours = z.infer<typeof ZSendingHours>;
/** GET and PUT /api/automations/sending-hours. */
export type TSendingHoursResponse = { sendingHours: TSendingHours; message?: string };

/** The largest template HTML an automation stores (UTF-8 bytes): under Gmail's clipping (issue 28). */
export const MAX_TEMPLATE_HTML_BYTES = MAX_EMAIL_BYTES;

/** The §8 messages of the visual editor (/emails/{key}/editor). */
export const EDITOR_MESSAGES = {
  signInRequired: 'Vous devez être connecté pour accéder à l’éditeur',
  missingParameters: 'Paramètres manquants: restaurant_id ou clé de template',
  initFailed: 'Erreur lors de l’initialisation',
} as const;

/** The largest image the email editor uploads (the server's limit, src/server/core/images.ts). */

/** The messages of the editor's image upload (the server's own name the file it refuses). */
export const EDITOR_IMAGE_MESSAGES = {
  noFile: 'Choisissez une image à envoyer.',
  uploadFailed: 'Erreur lors de l’envoi de l’image',
  uploadsLimited: 'Trop d’images envoyées en peu de temps. Réessayez dans quelques minutes.',
  uploaded: 'Image ajoutée',
} as const;

/** POST /api/automations/images: the stored image at its absolute address (PUBLIC_URL + /storage/…). */
export type TEmailImageUploadResponse = { image: { src: string; width: number; height: number } };

/** Keys of automations (the five defaults and any later one): lower-case words joined by '_'. */
export const ZAutomationKeyParam = z.object({ key: z.string().regex(/^[a-z0-9_-]{1,64}$/, AUTOMATION_MESSAGES.notFound) });
export const ZAutomationVersionParam = z.object({ id: z.uuid(AUTOMATION_MESSAGES.notFound), versionId: z.uuid(AUTOMATION_MESSAGES.versionNotFound) });
export const ZAutomationTestRequest = z.object({
  to: z.string().trim().toLowerCase().max(255, 'Email invalide').pipe(z.email('Email invalide')),
  /** The language to test in (issue 52): the owner's text in it, else the French one, in that language's layout. */
  lang: ZTranslationLocale.optional(),
});
export type TAutomationTestRequest = z.infer<typeof ZAutomationTestRequest>;

export const ZAutomationIdParam = z.object({ id: z.uuid(AUTOMATION_MESSAGES.notFound) });
/** GET /api/automations/:id/preview?lang=en: the preview in a language besides French. */
export const ZAutomationPreviewQuery = z.object({ lang: ZTranslationLocale.optional() });
/**
 * /api/automations/:id/translations/:lang. The language is read by ZTranslationLocale in the route, where an
 * unknown one answers 404 like an unknown automation (the path names no such resource).
 */
export const ZAutomationTranslationParam = z.object({ id: z.uuid(AUTOMATION_MESSAGES.notFound), lang: z.string() });
export const ZAutomationStatusRequest = z.object({ status: z.enum(['active', 'inactive'], { error: 'Statut invalide' }) });
export const ZAutomationTemplateRequest = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'L’objet est requis')
    .max(200, 'L’objet doit contenir au plus 200 caractères')
    .superRefine((subject, context) => {
      const check = checkSubjectContent(subject);
      if (!check.ok) context.addIssue({ code: 'custom', message: check.message });
    }),
  /** Checked as sent (email-content.ts): variables, hosted and described images, https links, no sample text, under 90 KB. */
  html: z
    .string()
    .trim()
    .min(1, 'Le contenu est requis')
    .superRefine((html, context) => {
      const check = checkHtmlContent(html);
      if (!check.ok) context.addIssue({ code: 'custom', message: check.message });
    }),
  /** The visual editor's project (GrapesJS JSON), sent only by the editor; the text area sends none. */
  design: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type TAutomationTemplateRequest = z.infer<typeof ZAutomationTemplateRequest>;
/** PUT /api/automations/:id/translations/:lang: a subject and an HTML body checked as the French ones are (no visual-editor design). */
export const ZAutomationTranslationRequest = ZAutomationTemplateRequest.pick({ subject: true, html: true });
export type TAutomationTranslationRequest = z.infer<typeof ZAutomationTranslationRequest>;

export type TAutomation = {
  id: string;
  key: string;
  name: string;
  description: string | null;
  status: 'active' | 'inactive';
  subject: string;
  /** The subject as diners read it: rendered with the restaurant's name and the sample diner (no raw {{variables}}). */
  subjectPreview: string;
  html: string;
  delayMinutes: number;
  /** True when the current HTML was built in the visual editor (its design can be reopened there). */
  hasDesign: boolean;
  /** The last sends of this automation (newest first), from email_logs. */
  lastSends: TEmailLogEntry[];
  /** The owner's texts in other languages (issue 52): `subject` and `html` above are the French one. */
  translations: Partial<Record<TranslationLocale, { subject: string; html: string }>>;
  /**
   * The languages the diner pages offer (/parametres) that this diner email has no text in: a diner
   * reading one of them gets the French text inside a layout in their language. Empty for the
   * restaurant's own emails (alert, digest), which stay French.
   */
  missingLanguages: TranslationLocale[];
  /** False for the restaurant's own emails (alert, digest): no translation. */
  translatable: boolean;
};

/** One email_logs row as the owner sees it; `reason` says why a send was skipped or failed. */
export type TEmailLogEntry = { id: string; toEmail: string; subject: string; status: 'sent' | 'skipped' | 'failed'; reason: string | null; createdAt: string };

export type TAutomationVersion = {
  id: string;
  subject: string;
  html: string;
  source: 'initial' | 'html' | 'visual' | 'restore';
  hasDesign: boolean;
  authorName: string | null;
  createdAt: string;
};
/** GET /api/automations/:id/versions (newest first, 50 at most). */
export type TAutomationVersionsResponse = { versions: TAutomationVersion[] };
/** GET /api/automations/by-key/:key (the visual editor). */
export type TAutomationEditorResponse = {
  restaurantId: string;
  automation: TAutomation;
  design: Record<string, unknown> | null;
  /**
   * The email as diners get it (layout, fonts, width, header, footer) rendered around an empty element
   * with id `markerId`: the editor's canvas puts the template there.
   */
  frame: { html: string; markerId: string; restaurantName: string };
};

/** POST /api/automations/:id/preview: the draft being edited, rendered with sample data (not saved, not checked). */
export const ZAutomationPreviewRequest = z.object({
  subject: z.string().max(200, 'L’objet doit contenir au plus 200 caractères'),
  html: z.string().refine((html) => utf8Bytes(html) <= 4 * MAX_EMAIL_BYTES, AUTOMATION_MESSAGES.htmlTooLarge),
});
export type TAutomationPreviewRequest = z.infer<typeof ZAutomationPreviewRequest>;
/** POST /api/automations/:id/test. */
export type TAutomationTestResponse = { message: string };

/** GET /api/automations: `initialised` is true when this call created the five defaults. */
export type TAutomationsResponse = { automations: TAutomation[]; initialised: boolean; contactEmail: string };
export type TAutomationPreview = { subject: string; html: string; text: string };
