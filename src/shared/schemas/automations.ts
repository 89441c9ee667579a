import { z } from 'zod';

/** The §8 toasts of /automations. */
export const AUTOMATION_MESSAGES = {
  statusChanged: 'Statut modifié',
  statusFailed: 'Erreur lors de la modification',
  updated: 'Automation mise à jour',
  updateFailed: 'Erreur lors de la mise à jour',
  initialised: 'Automations initialisées avec succès',
  notFound: 'Automation introuvable',
  notReady: 'Restaurant non prêt, réessayez dans un instant',
} as const;

export const ZAutomationIdParam = z.object({ id: z.uuid(AUTOMATION_MESSAGES.notFound) });
export const ZAutomationStatusRequest = z.object({ status: z.enum(['active', 'inactive'], { error: 'Statut invalide' }) });
export const ZAutomationTemplateRequest = z.object({
  subject: z.string().trim().min(1, 'L’objet est requis').max(200, 'L’objet doit contenir au plus 200 caractères'),
  html: z.string().trim().min(1, 'Le contenu est requis').max(50_000, 'Le contenu est trop long (50 000 caractères au plus)'),
});
export type TAutomationTemplateRequest = z.infer<typeof ZAutomationTemplateRequest>;

export type TAutomation = {
  id: string;
  key: string;
  name: string;
  description: string | null;
  status: 'active' | 'inactive';
  subject: string;
  html: string;
  delayMinutes: number;
};

/** GET /api/automations: `initialised` is true when this call created the five defaults. */
export type TAutomationsResponse = { automations: TAutomation[]; initialised: boolean; contactEmail: string };
export type TAutomationPreview = { subject: string; html: string; text: string };
