import { Hono } from 'hono';
import { markOwnerTodoDone } from '../../core/owner-todo';
import type { Context } from 'hono';
import type { AppDeps } from '../../deps';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { enforceRateLimits, type RateLimitRule } from '../../lib/limits/rate-limit';
import { validate } from '../../lib/http/validate';
import { storeImage } from '../../core/images';
import { readImageUpload } from '../../lib/http/image-upload';
import { AppError } from '../../lib/http/errors';
import {
  AUTOMATION_MESSAGES,
  EDITOR_IMAGE_MESSAGES,
  type TranslationLocale,
  ZTranslationLocale,
  type TEmailImageUploadResponse,
  ZAutomationIdParam,
  ZAutomationKeyParam,
  ZAutomationPreviewQuery,
  ZAutomationPreviewRequest,
  ZAutomationTranslationParam,
  ZAutomationTranslationRequest,
  ZAutomationStatusRequest,
  ZAutomationTemplateRequest,
  ZAutomationTestRequest,
  ZAutomationVersionParam,
  ZSendingHours,
} from '../../../shared/schemas/automations';
import {
  deleteAutomationTranslation,
  getAutomationForEditor,
  getSendingHours,
  listAutomations,
  listAutomationVersions,
  previewAutomation,
  previewDraft,
  restoreAutomationVersion,
  saveAutomationTranslation,
  sendAutomationTest,
  setAutomationStatus,
  setSendingHours,
  updateAutomationTemplate,
  type VersionAuthor,
} from './automations.service';

/** Counts one hit of `rule` (lib/rate-limit-rules) for the session's restaurant; over the limit, its 429. */
function limitPerRestaurant(c: Context<AppEnv>, deps: AppDeps, rule: RateLimitRule): Promise<void> {
  return enforceRateLimits(deps.db, [{ rule, subject: c.get('tenant').restaurantId }]);
}

/** A translation's path: an unknown language names no resource (404, as an unknown automation). */
function translationParam(param: { id: string; lang: string }): { id: string; lang: TranslationLocale } {
  const lang = ZTranslationLocale.safeParse(param.lang);
  if (!lang.success) throw new AppError('NOT_FOUND', AUTOMATION_MESSAGES.translationNotFound);
  return { id: param.id, lang: lang.data };
}

const authorOf = (c: Context<AppEnv>): VersionAuthor => ({ userId: c.get('user').id, name: c.get('user').name || c.get('user').email });

/** /api/automations: the session restaurant's email automations (spec §2 /automations and the visual editor). */
export function createAutomationRoutes(deps: AppDeps) {
  const saveContext = { db: deps.db, publicUrl: deps.env.PUBLIC_URL };
  return new Hono<AppEnv>()
    .use(requireMember(deps, 'automations.manage'))
    .get('/', async (c) => {
      const { restaurantId } = c.get('tenant');
      // Opening /automations ticks the dashboard's 'check automations' item (core/owner-todo.ts).
      const [list] = await Promise.all([listAutomations(deps.db, restaurantId), markOwnerTodoDone(deps.db, restaurantId, 'automations')]);
      return c.json(list);
    })
    .get('/sending-hours', async (c) => c.json(await getSendingHours(deps.db, c.get('tenant').restaurantId)))
    .put('/sending-hours', validate('json', ZSendingHours), async (c) => c.json(await setSendingHours(deps.db, c.get('tenant').restaurantId, c.req.valid('json'))))
    // The editor's images: decoded, resized to the email width and stored (core/images.ts), answered at
    // their absolute address so a mail client can load them (issue 28).
    .post('/images', async (c) => {
      await limitPerRestaurant(c, deps, deps.rateLimits.owner.automationImageUploads);
      const { bytes, fileName } = await readImageUpload(c);
      if (bytes.length === 0) throw new AppError('BAD_REQUEST', EDITOR_IMAGE_MESSAGES.noFile);
      const stored = await storeImage(deps.storage, { bytes, restaurantId: c.get('tenant').restaurantId, purpose: 'email', fileName });
      return c.json<TEmailImageUploadResponse>({ image: { src: `${deps.env.PUBLIC_URL}${stored.url}`, width: stored.width, height: stored.height } });
    })
    .get('/by-key/:key', validate('param', ZAutomationKeyParam), async (c) => c.json(await getAutomationForEditor(deps.db, c.get('tenant').restaurantId, c.req.valid('param').key, deps.env.PUBLIC_URL)))
    .patch('/:id/status', validate('param', ZAutomationIdParam), validate('json', ZAutomationStatusRequest), async (c) =>
      c.json({ automation: await setAutomationStatus(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id, c.req.valid('json').status) }),
    )
    .put('/:id', validate('param', ZAutomationIdParam), validate('json', ZAutomationTemplateRequest), async (c) => {
      await limitPerRestaurant(c, deps, deps.rateLimits.owner.automationTemplateSaves);
      return c.json({ automation: await updateAutomationTemplate(saveContext, c.get('tenant').restaurantId, c.req.valid('param').id, c.req.valid('json'), authorOf(c)) });
    })
    // The owner's text in another language (issue 52): checked as the French save is, counted under the same limit.
    .put('/:id/translations/:lang', validate('param', ZAutomationTranslationParam), validate('json', ZAutomationTranslationRequest), async (c) => {
      await limitPerRestaurant(c, deps, deps.rateLimits.owner.automationTemplateSaves);
      const { id, lang } = translationParam(c.req.valid('param'));
      return c.json({ automation: await saveAutomationTranslation(saveContext, c.get('tenant').restaurantId, id, lang, c.req.valid('json')) });
    })
    .delete('/:id/translations/:lang', validate('param', ZAutomationTranslationParam), async (c) => {
      const { id, lang } = translationParam(c.req.valid('param'));
      return c.json({ automation: await deleteAutomationTranslation(deps.db, c.get('tenant').restaurantId, id, lang) });
    })
    .get('/:id/preview', validate('param', ZAutomationIdParam), validate('query', ZAutomationPreviewQuery), async (c) =>
      c.json(await previewAutomation(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id, deps.env.PUBLIC_URL, c.req.valid('query').lang)),
    )
    .post('/:id/preview', validate('param', ZAutomationIdParam), validate('json', ZAutomationPreviewRequest), async (c) =>
      c.json(await previewDraft(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id, c.req.valid('json'), deps.env.PUBLIC_URL)),
    )
    .post('/:id/test', validate('param', ZAutomationIdParam), validate('json', ZAutomationTestRequest), async (c) => {
      await limitPerRestaurant(c, deps, deps.rateLimits.owner.automationTestSends);
      const { restaurantId } = c.get('tenant');
      const { to, lang } = c.req.valid('json');
      return c.json(await sendAutomationTest(deps, restaurantId, c.req.valid('param').id, to, c.get('user').email, lang));
    })
    .get('/:id/versions', validate('param', ZAutomationIdParam), async (c) =>
      c.json({ versions: await listAutomationVersions(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id) }),
    )
    .post('/:id/versions/:versionId/restore', validate('param', ZAutomationVersionParam), async (c) => {
      const { id, versionId } = c.req.valid('param');
      await limitPerRestaurant(c, deps, deps.rateLimits.owner.automationTemplateSaves);
      return c.json({ automation: await restoreAutomationVersion(saveContext, c.get('tenant').restaurantId, id, versionId, authorOf(c)) });
    });
}
