import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { undeclaredProxyNotice } from '../../lib/http/client-ip';
import { AppError } from '../../lib/http/errors';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { PROJECT_ROOT } from '../../lib/runtime/project-root';
import { enforceRateLimits } from '../../lib/limits/rate-limit';
import type { TSecurityCheckResponse } from '../../../shared/schemas/security';
import { getAppRequest } from './app-request';
import { runSecurityCheck } from './security.service';

export const SECURITY_DOCUMENT_MISSING_MESSAGE = 'Document de sécurité introuvable';

/** The repository's SECURITY.md, read once (it ships with the code and never changes while running). */
let securityDocument: Promise<string | null> | undefined;
function readSecurityDocument(): Promise<string | null> {
  securityDocument ??= readFile(path.join(PROJECT_ROOT, 'SECURITY.md'), 'utf8').catch(() => null);
  return securityDocument;
}

/** The owner's security self-check (spec §2 /security), mounted at /api/security. */
export function createSecurityRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireMember(deps, 'security.check'))
    .post('/check', async (c) => {
      await enforceRateLimits(deps.db, [{ rule: deps.rateLimits.owner.securityChecks, subject: c.get('user').id }]);
      const appRequest = getAppRequest(deps);
      if (!appRequest) throw new AppError('UNAVAILABLE', 'La vérification de sécurité est indisponible.');
      const result: TSecurityCheckResponse = await runSecurityCheck(deps, {
        restaurantId: c.get('tenant').restaurantId,
        // The owner's own session, for the probe that asks the owner API for another restaurant's data.
        ownerCookie: c.req.header('cookie') ?? null,
        appRequest,
        requestId: c.get('requestId'),
        logger: c.get('logger'),
      });
      // Beside the five checks (the score is theirs alone): how this process was found to be deployed.
      const proxy = undeclaredProxyNotice(deps);
      result.notices = proxy ? [{ id: 'undeclared-proxy', ...proxy }] : [];
      return c.json(result);
    })
    // A plain-text page the owner opens from /security ('Lire le document de sécurité').
    .get('/document', async (c) => {
      const content = await readSecurityDocument();
      if (content === null) throw new AppError('NOT_FOUND', SECURITY_DOCUMENT_MISSING_MESSAGE);
      return c.text(content, 200, { 'Content-Disposition': 'inline; filename="SECURITY.md"', 'Cache-Control': 'no-cache' });
    });
}
