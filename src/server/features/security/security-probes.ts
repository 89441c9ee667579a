import { DINER_MESSAGES } from '../../../shared/schemas/diner';
import { SECURITY_CHECK_LABELS, type TSecurityCheck, type TSecurityCheckId, type TSecurityCheckStatus } from '../../../shared/schemas/security';

/**
 * The five probes of the /security self-check. Each one makes real HTTP requests through `request`
 * (in production the app itself, in-process: see security.service) and judges only what comes back —
 * nothing here knows how the controls are implemented, so a broken control shows as a failed probe.
 */

/** Reaches the running app: `path` is absolute ('/api/qr'); no cookie is sent unless `init` carries one. */
export type ProbeRequest = (path: string, init?: RequestInit) => Promise<Response>;

/** What the probes need to know about the caller's restaurant and the database, read before they run. */
export type ProbeContext = {
  restaurantId: string;
  /** The signed-in owner's Cookie header: sent by the tenant-isolation probe only. */
  ownerCookie: string | null;
  /** A QR code of another restaurant (null when there is none: a random id is tried instead). */
  foreignQrId: string | null;
  /** The printed code of one of this restaurant's QR codes, for the public QR lookup (null: none yet). */
  ownQrCode: string | null;
  /** Personal values of this restaurant (contact and business emails, phone, SIRET, owners' emails) that no public answer may carry. */
  sensitiveValues: string[];
  /** env.PUBLIC_URL: HSTS is required when it is https. */
  publicUrl: string;
};

export type SecurityProbe = (request: ProbeRequest, context: ProbeContext) => Promise<TSecurityCheck>;

type Outcome = { status: TSecurityCheckStatus; detail: string };

function result(id: TSecurityCheckId, outcome: Outcome): TSecurityCheck {
  return { id, label: SECURITY_CHECK_LABELS[id], ...outcome };
}

/** The worst of several outcomes (fail > warn > pass), with the details of the worst ones. */
function worst(outcomes: Outcome[], passDetail: string): Outcome {
  for (const status of ['fail', 'warn'] as const) {
    const found = outcomes.filter((outcome) => outcome.status === status);
    if (found.length) return { status, detail: found.map((outcome) => outcome.detail).join(' ') };
  }
  return { status: 'pass', detail: passDetail };
}

async function readJsonSafely(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

const isDenied = (status: number) => status === 403 || status === 404;
const isSuccess = (status: number) => status >= 200 && status < 300;

// ---------------------------------------------------------------------------------------------------
// 1. Tenant isolation

/**
 * As the signed-in owner: the QR list holds only this restaurant's rows, and another restaurant's QR
 * id asked for by id (the printable PDF, a read) answers 404/403. A 403 (the spec's row-level
 * security denial) counts as a pass like a 404.
 */
export const probeTenantIsolation: SecurityProbe = async (request, context) => {
  const headers: Record<string, string> = context.ownerCookie ? { cookie: context.ownerCookie } : {};
  const foreignId = context.foreignQrId ?? crypto.randomUUID();
  const outcomes: Outcome[] = [];

  const list = await request('/api/qr', { headers });
  const body = list.status === 200 ? await readJsonSafely(list) : undefined;
  const rows = (body as { qrCodes?: unknown } | undefined)?.qrCodes;
  if (!Array.isArray(rows)) {
    outcomes.push({ status: 'warn', detail: `La liste de vos QR codes n’a pas pu être lue (statut ${list.status}).` });
  } else {
    // Every row's image lives under its restaurant's folder (/storage/qr/{restaurantId}/…).
    const foreign = rows.filter((row: { id?: unknown; imageUrl?: unknown }) => row?.id === foreignId || typeof row?.imageUrl !== 'string' || !row.imageUrl.includes(`/qr/${context.restaurantId}/`));
    if (foreign.length) outcomes.push({ status: 'fail', detail: `La liste de vos QR codes contient ${foreign.length} élément(s) d’un autre restaurant.` });
  }

  const byId = await request(`/api/qr/cards.pdf?ids=${encodeURIComponent(foreignId)}`, { headers });
  await byId.body?.cancel();
  if (isSuccess(byId.status)) {
    outcomes.push({ status: 'fail', detail: `Un QR code d’un autre restaurant a été servi par identifiant (statut ${byId.status}).` });
  } else if (!isDenied(byId.status)) {
    outcomes.push({ status: byId.status >= 500 ? 'fail' : 'warn', detail: `La demande d’un QR code d’un autre restaurant a répondu ${byId.status} au lieu de 404.` });
  }

  const passDetail = context.foreignQrId
    ? `Les données d’un autre restaurant restent inaccessibles (réponse ${byId.status}) et n’apparaissent pas dans vos listes.`
    : `Aucun autre restaurant à comparer : un identifiant inconnu est refusé (réponse ${byId.status}).`;
  return result('tenant-isolation', worst(outcomes, passDetail));
};

// ---------------------------------------------------------------------------------------------------
// 2. Public endpoints carry no personal data

/** Keys that name personal or internal data: none may appear in a public answer. */
const PERSONAL_KEY = /e-?mail|phone|t[e\u00e9]l[e\u00e9]phone|mobile|siret|siren|notes?$|password|secret|token|user_?id|owner|first_?name|last_?name|address|adresse/i;
const EMAIL_VALUE = /[^\s@"'<>/]+@[^\s@"'<>/]+\.[a-z]{2,}/i;
const PHONE_VALUE = /(?<![\w+/=.-])(?:\+33\s?|0033\s?|0)[1-9](?:[\s.-]?\d{2}){4}(?![\w])/;

/** Every key path and string value of a JSON value, flattened. */
function* walkJson(value: unknown, path = '$'): Generator<{ path: string; key?: string; value: unknown }> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* walkJson(item, `${path}[${index}]`);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield { path: `${path}.${key}`, key, value: item };
      yield* walkJson(item, `${path}.${key}`);
    }
  } else {
    yield { path, value };
  }
}

/** The personal data found in a JSON answer, as short French findings (empty: clean). */
export function findPersonalData(json: unknown, sensitiveValues: ReadonlyArray<string>): string[] {
  const findings = new Set<string>();
  const known = sensitiveValues.map((value) => value.trim().toLowerCase()).filter((value) => value.length >= 5);
  for (const entry of walkJson(json)) {
    if (entry.key !== undefined && PERSONAL_KEY.test(entry.key)) findings.add(`champ « ${entry.key} »`);
    if (typeof entry.value !== 'string') continue;
    const text = entry.value.toLowerCase();
    if (EMAIL_VALUE.test(text)) findings.add(`adresse email dans ${entry.path}`);
    else if (PHONE_VALUE.test(text)) findings.add(`numéro de téléphone dans ${entry.path}`);
    else if (known.some((value) => text.includes(value))) findings.add(`donnée du restaurant dans ${entry.path}`);
  }
  return [...findings];
}

/** The public diner answers for this restaurant (its public card and one of its QR codes) hold no personal data. */
export const probePublicData: SecurityProbe = async (request, context) => {
  const targets = [`/api/public/restaurants/${encodeURIComponent(context.restaurantId)}`];
  if (context.ownQrCode) targets.push(`/api/public/qr/${encodeURIComponent(context.ownQrCode)}`);
  const outcomes = await Promise.all(
    targets.map(async (target): Promise<Outcome> => {
      const response = await request(target);
      const json = await readJsonSafely(response);
      const findings = json === undefined ? [] : findPersonalData(json, context.sensitiveValues);
      if (findings.length) return { status: 'fail', detail: `${target} expose : ${findings.join(', ')}.` };
      if (response.status !== 200) return { status: 'warn', detail: `${target} n’a pas pu être vérifié (statut ${response.status}).` };
      return { status: 'pass', detail: '' };
    }),
  );
  const passDetail = context.ownQrCode
    ? 'La fiche publique et la lecture d’un QR code ne contiennent ni email, ni téléphone, ni SIRET, ni identifiant d’utilisateur.'
    : 'La fiche publique ne contient ni email, ni téléphone, ni SIRET, ni identifiant d’utilisateur (aucun QR code à tester).';
  return result('public-data', worst(outcomes, passDetail));
};

// ---------------------------------------------------------------------------------------------------
// 3. The email-sending endpoints need a session

/**
 * Endpoints that send an email on a signed-in user's behalf. Add an automation test-send route here
 * when one exists.
 */
export const MAIL_ENDPOINTS: ReadonlyArray<{ method: 'POST'; path: string }> = [{ method: 'POST', path: '/api/me/resend-verification' }];

export const probeEmailFunction: SecurityProbe = async (request) => {
  const outcomes = await Promise.all(
    MAIL_ENDPOINTS.map(async ({ method, path }): Promise<Outcome> => {
      const response = await request(path, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
      await response.body?.cancel();
      if (response.status === 401 || response.status === 403) return { status: 'pass', detail: '' };
      if (isSuccess(response.status) || response.status >= 500) {
        return { status: 'fail', detail: `${method} ${path} sans session a répondu ${response.status} au lieu de 401.` };
      }
      return { status: 'warn', detail: `${method} ${path} sans session a répondu ${response.status} au lieu de 401.` };
    }),
  );
  return result('email-function', worst(outcomes, 'Sans connexion à votre compte, aucun email ne peut partir de ReFeed.'));
};

// ---------------------------------------------------------------------------------------------------
// 4. Security headers of a page

/** The CSP sources that govern scripts: script-src, or default-src when there is none. */
function scriptPolicy(csp: string): string {
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map((words) => [words[0].toLowerCase(), words.slice(1).join(' ')] as const),
  );
  return directives.get('script-src') ?? directives.get('default-src') ?? '';
}

const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/** The headers of the home page, read with HEAD as a browser's page would get them. */
export const probeSecurityHeaders: SecurityProbe = async (request, context) => {
  const response = await request('/', { method: 'HEAD' });
  const headers = response.headers;
  const missing: string[] = [];
  const csp = headers.get('content-security-policy') ?? '';
  if (!csp) missing.push('Content-Security-Policy');
  const xfo = (headers.get('x-frame-options') ?? '').toUpperCase();
  if (xfo !== 'DENY' && xfo !== 'SAMEORIGIN' && !/frame-ancestors/i.test(csp)) missing.push('X-Frame-Options (ou frame-ancestors)');
  if ((headers.get('x-content-type-options') ?? '').toLowerCase() !== 'nosniff') missing.push('X-Content-Type-Options: nosniff');
  const referrer = (headers.get('referrer-policy') ?? '').toLowerCase();
  if (!referrer || referrer.includes('unsafe-url')) missing.push('Referrer-Policy');

  const url = new URL(context.publicUrl);
  const hsts = /max-age=\s*[1-9]/i.test(headers.get('strict-transport-security') ?? '');
  if (url.protocol === 'https:' && !hsts) missing.push('Strict-Transport-Security');

  if (missing.length) {
    // The owner's sentence first, then the header names their host needs to fix it.
    return result('security-headers', { status: 'fail', detail: `Des consignes de protection manquent ; à transmettre à votre hébergeur : ${missing.join(', ')}.` });
  }
  if (url.protocol !== 'https:' && !LOOPBACK_HOST.test(url.hostname)) {
    return result('security-headers', { status: 'warn', detail: 'Les consignes sont présentes, mais le site n’est pas servi en HTTPS : la connexion n’est pas chiffrée (HSTS ne peut pas s’appliquer).' });
  }
  if (/'unsafe-(inline|eval)'/i.test(scriptPolicy(csp))) {
    return result('security-headers', { status: 'warn', detail: 'Les consignes laissent passer du code inséré dans les pages (Content-Security-Policy : scripts en ligne autorisés).' });
  }
  const transport = url.protocol === 'https:' ? ', connexion chiffrée imposée' : ' (connexion chiffrée non requise sur cet ordinateur local)';
  return result('security-headers', {
    status: 'pass',
    detail: `Le navigateur reçoit toutes les consignes de protection : contenu autorisé, refus d’être affiché dans un autre site, type des fichiers, discrétion sur la page d’origine${transport}.`,
  });
};

// ---------------------------------------------------------------------------------------------------
// 5. Input validation

/** Every French message a refused diner payload may carry. */
const FRENCH_VALIDATION_MESSAGES = new Set<string>(Object.values(DINER_MESSAGES));

/** Malformed payloads to a public endpoint answer 400 with the product's French message, never 2xx or 500. */
export const probeInputValidation: SecurityProbe = async (request) => {
  const payloads: Array<{ name: string; body: string }> = [
    {
      name: 'une note de 9 et un identifiant de restaurant invalide',
      body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId: 'pas-un-identifiant', rating: 9, page: 'f' }),
    },
    { name: 'un JSON mal formé', body: '{"rating": 5, "restaurantId": ' },
  ];
  const outcomes = await Promise.all(
    payloads.map(async ({ name, body }): Promise<Outcome> => {
      const response = await request('/api/public/feedbacks', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const json = await readJsonSafely(response);
      const message = (json as { error?: { message?: unknown } } | undefined)?.error?.message;
      if (isSuccess(response.status) || response.status >= 500) {
        return { status: 'fail', detail: `L’envoi d’un avis avec ${name} a répondu ${response.status} au lieu de 400.` };
      }
      if (response.status !== 400) return { status: 'warn', detail: `L’envoi d’un avis avec ${name} a répondu ${response.status} au lieu de 400.` };
      if (typeof message !== 'string' || !FRENCH_VALIDATION_MESSAGES.has(message)) {
        return { status: 'warn', detail: `L’envoi d’un avis avec ${name} est refusé, mais sans le message d’erreur en français.` };
      }
      return { status: 'pass', detail: '' };
    }),
  );
  return result('input-validation', worst(outcomes, 'Une note impossible, un lien trafiqué et un envoi mal formé sont refusés, avec un message clair en français.'));
};

/** The probes in the order of the page. */
export const SECURITY_PROBES: Record<TSecurityCheckId, SecurityProbe> = {
  'tenant-isolation': probeTenantIsolation,
  'public-data': probePublicData,
  'email-function': probeEmailFunction,
  'security-headers': probeSecurityHeaders,
  'input-validation': probeInputValidation,
};
