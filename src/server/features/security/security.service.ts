import { asc, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisationMembers, qrCodes, restaurants, user } from '../../db/schema';
import { clock } from '../../lib/runtime/clock';
import type { Logger } from '../../lib/runtime/logger';
import {
  computeSecurityScore,
  SECURITY_CHECK_IDS,
  SECURITY_CHECK_LABELS,
  type TSecurityCheck,
  type TSecurityCheckId,
  type TSecurityCheckResponse,
} from '../../../shared/schemas/security';
import type { AppRequest } from './app-request';
import { SECURITY_PROBES, type ProbeContext, type ProbeRequest, type SecurityProbe } from './security-probes';

/** A probe that has not answered by then is reported as a warning (the others still count). */
export const PROBE_TIMEOUT_MS = 5_000;

/**
 * Reads what the probes need: a real QR id of another restaurant (for the isolation probe), one of
 * this restaurant's printed codes (for the public lookup) and the personal values that must never
 * appear in a public answer.
 */
export async function loadProbeContext(db: Db, input: { restaurantId: string; ownerCookie: string | null; publicUrl: string }): Promise<ProbeContext> {
  const { restaurantId } = input;
  const [foreign, own, restaurant, owners] = await Promise.all([
    db.select({ id: qrCodes.id }).from(qrCodes).where(ne(qrCodes.restaurantId, restaurantId)).limit(1),
    db.select({ code: qrCodes.code }).from(qrCodes).where(eq(qrCodes.restaurantId, restaurantId)).orderBy(desc(qrCodes.isPrimary), asc(qrCodes.createdAt)).limit(1),
    db
      .select({ contactEmail: restaurants.contactEmail, businessEmail: restaurants.businessEmail, phone: restaurants.phone, siret: restaurants.siret })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .limit(1),
    // Every member of the venue's organisation: no member's address may appear in a public answer.
    db
      .select({ email: user.email })
      .from(organisationMembers)
      .innerJoin(user, eq(user.id, organisationMembers.userId))
      .innerJoin(restaurants, eq(restaurants.organisationId, organisationMembers.organisationId))
      .where(eq(restaurants.id, restaurantId)),
  ]);
  const personal = restaurant[0] ? [restaurant[0].contactEmail, restaurant[0].businessEmail, restaurant[0].phone, restaurant[0].siret] : [];
  return {
    restaurantId,
    ownerCookie: input.ownerCookie,
    foreignQrId: foreign[0]?.id ?? null,
    ownQrCode: own[0]?.code ?? null,
    sensitiveValues: [...personal, ...owners.map((row) => row.email)].filter((value): value is string => !!value),
    publicUrl: input.publicUrl,
  };
}

/**
 * The probes' `request`, bound to the app itself: an in-process `app.request` with the public URL as
 * origin, so every middleware (headers, guards, validation, error handler) answers exactly as it does
 * for a browser. Only what `init` carries is sent: no cookie unless a probe adds the owner's. The
 * caller's request id is passed on so the probe requests share its log lines.
 */
export function createInProcessRequest(appRequest: AppRequest, options: { publicUrl: string; requestId?: string }): ProbeRequest {
  return async (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (options.requestId) headers.set('x-request-id', options.requestId);
    return appRequest(new URL(path, options.publicUrl).toString(), { ...init, headers });
  };
}

async function runWithTimeout(id: TSecurityCheckId, probe: SecurityProbe, request: ProbeRequest, context: ProbeContext, timeoutMs: number, logger?: Logger): Promise<TSecurityCheck> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<TSecurityCheck>((resolve) => {
    timer = setTimeout(
      () => resolve({ id, label: SECURITY_CHECK_LABELS[id], status: 'warn', detail: `La vérification n’a pas abouti en ${Math.round(timeoutMs / 1000)} s.` }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([probe(request, context), timeout]);
  } catch (error) {
    logger?.warn({ err: error, check: id }, 'security probe failed to run');
    return { id, label: SECURITY_CHECK_LABELS[id], status: 'warn', detail: 'La vérification n’a pas pu être menée jusqu’au bout.' };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the five probes in parallel, each with its own timeout, and scores them (spec §9). */
export async function runSecurityProbes(
  request: ProbeRequest,
  context: ProbeContext,
  options: { timeoutMs?: number; probes?: Record<TSecurityCheckId, SecurityProbe>; logger?: Logger } = {},
): Promise<TSecurityCheckResponse> {
  const probes = options.probes ?? SECURITY_PROBES;
  const checks = await Promise.all(SECURITY_CHECK_IDS.map((id) => runWithTimeout(id, probes[id], request, context, options.timeoutMs ?? PROBE_TIMEOUT_MS, options.logger)));
  return { score: computeSecurityScore(checks.map((check) => check.status)), checkedAt: clock.now().toISOString(), checks };
}

/** The owner's self-check: the probes against the running app, as this owner. */
export async function runSecurityCheck(
  deps: { db: Db; env: { PUBLIC_URL: string } },
  input: { restaurantId: string; ownerCookie: string | null; appRequest: AppRequest; requestId?: string; logger?: Logger },
): Promise<TSecurityCheckResponse> {
  const context = await loadProbeContext(deps.db, { restaurantId: input.restaurantId, ownerCookie: input.ownerCookie, publicUrl: deps.env.PUBLIC_URL });
  const request = createInProcessRequest(input.appRequest, { publicUrl: deps.env.PUBLIC_URL, requestId: input.requestId });
  return runSecurityProbes(request, context, { logger: input.logger });
}
