import { checkTemplate, TEMPLATE_VARIABLES, type TemplateCheck } from './email-template';

/**
 * The save-time checks of an email template (issue 28), shared by the forms and the server: what a
 * diner would receive broken. Each failure says what and where (the subject, or the line of the HTML,
 * with the text concerned), in French. Runs on the template as written, before the sanitiser, so a
 * `data:` image is refused rather than silently dropped.
 */

/** Gmail clips a message past 102 KB; the sent email (frame and footer included) stays under this. */
export const MAX_EMAIL_BYTES = 90 * 1024;

/** The {{variables}} that hold an address (every allowlisted `*_url`): the only ones a link may be made of. */
export const URL_VARIABLES: readonly string[] = TEMPLATE_VARIABLES.map((variable) => variable.name).filter((name) => name.endsWith('_url'));
const URL_VARIABLE = new RegExp(`^\\{\\{\\s*(?:${URL_VARIABLES.join('|')})\\s*\\}\\}$`);

/**
 * Text the editor's blocks put in and an owner may leave (GrapesJS newsletter preset and ours): a text
 * node that is exactly one of these, or any text containing 'Lorem ipsum' or 'Insert … here'.
 */
const PLACEHOLDER_TEXTS = new Set(
  ['Button', 'Link', 'Link Block', 'Title here', 'Text here', 'Bouton', 'Lien', 'Votre titre ici', 'Votre texte ici', 'Texte du bouton'].map((text) => text.toLowerCase()),
);
const PLACEHOLDER_PATTERNS = [/lorem\s+ipsum/i, /\binsert\b[^.]*\bhere\b/i, /^insert\b/i];

export const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;
/** Kilobytes with one decimal, French style: '91,3'. */
export const formatKilobytes = (bytes: number) => (Math.round((bytes / 1024) * 10) / 10).toLocaleString('fr-FR');

const TAG = /<(img|a)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s=/"'<>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

const decodeEntities = (value: string) =>
  value
    .replace(/&nbsp;/gi, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function parseAttributes(source: string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1].toLowerCase();
    if (out.has(name)) continue;
    const raw = match[2] ?? match[3] ?? match[4];
    out.set(name, raw === undefined ? null : decodeEntities(raw).trim());
  }
  return out;
}

const lineAt = (html: string, index: number) => html.slice(0, index).split('\n').length;
const excerpt = (text: string, max = 40) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};
/** The visible text of an element's inner HTML (for a link: its words, or its image's alt). */
const innerText = (html: string) => decodeEntities(html.replace(/<img\b[^>]*\balt\s*=\s*"([^"]*)"[^>]*>/gi, ' $1 ').replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();

const fail = (message: string): TemplateCheck => ({ ok: false, message });

/** 'https://…' with a host: the only web address a diner's email may link to. */
function isAbsoluteHttps(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    return new URL(value.replace(/\{\{[^}]*\}\}/g, 'x')).hostname.length > 0;
  } catch {
    return false;
  }
}

function isAbsoluteWeb(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}

function checkPlaceholders(text: string, where: string): TemplateCheck {
  const clean = decodeEntities(text).replace(/\s+/g, ' ').trim();
  if (!clean) return { ok: true };
  if (PLACEHOLDER_TEXTS.has(clean.toLowerCase()) || PLACEHOLDER_PATTERNS.some((pattern) => pattern.test(clean))) {
    return fail(`Texte d’exemple laissé ${where} : « ${excerpt(clean)} ». Remplacez-le par votre propre texte.`);
  }
  return { ok: true };
}

/** Checks a subject line: allowlisted variables, no placeholder text. */
export function checkSubjectContent(subject: string): TemplateCheck {
  const variables = checkTemplate(subject);
  if (!variables.ok) return fail(`Dans l’objet : ${variables.message}`);
  return checkPlaceholders(subject, 'dans l’objet');
}

/**
 * Checks an email's HTML: allowlisted variables; no `data:` image or address; every image hosted at an
 * absolute address and described (alt); every link absolute https, mailto or a URL variable; no
 * placeholder text; at most MAX_EMAIL_BYTES.
 */
export function checkHtmlContent(html: string): TemplateCheck {
  const variables = checkTemplate(html);
  if (!variables.ok) return variables;

  const bytes = utf8Bytes(html);
  if (bytes > MAX_EMAIL_BYTES) {
    return fail(`Le contenu pèse ${formatKilobytes(bytes)} Ko : au-delà de 90 Ko, Gmail coupe l’email (et son lien de désinscription). Allégez-le, par exemple en retirant des images ou des blocs.`);
  }

  for (const match of html.matchAll(TAG)) {
    const tag = match[1].toLowerCase();
    const attributes = parseAttributes(match[2]);
    const line = lineAt(html, match.index);
    if (tag === 'img') {
      const src = attributes.get('src') ?? '';
      if (/^data:/i.test(src)) {
        return fail(`Image non hébergée (ligne ${line}) : une image d’exemple ou intégrée au contenu n’arrive pas chez les clients mail. Choisissez une image avec « Ajouter image » ou retirez le bloc Image.`);
      }
      if (!src) return fail(`Image sans adresse (ligne ${line}) : choisissez une image ou retirez le bloc Image.`);
      if (!isAbsoluteWeb(src)) return fail(`L’image ligne ${line} doit avoir une adresse complète en https:// (« ${excerpt(src)} »).`);
      if (!attributes.get('alt')) return fail(`Image sans texte alternatif (ligne ${line}) : décrivez-la en quelques mots (par défaut, le nom du restaurant).`);
    } else {
      const href = attributes.get('href');
      const closing = html.indexOf('</a>', match.index);
      const label = excerpt(innerText(closing > 0 ? html.slice(match.index + match[0].length, closing) : '')) || 'sans texte';
      if (!href) return fail(`Le lien « ${label} » (ligne ${line}) n’a pas d’adresse : ajoutez une adresse en https://.`);
      if (!(isAbsoluteHttps(href) || /^mailto:[^\s@]+@[^\s@]+$/i.test(href) || URL_VARIABLE.test(href))) {
        return fail(`Le lien « ${label} » (ligne ${line}) doit être une adresse complète en https:// ou une variable de lien comme {{google_url}} (et non « ${excerpt(href)} »).`);
      }
    }
  }

  // Images and addresses inlined as data: anywhere else in a tag (a CSS background, an attribute).
  for (const match of html.matchAll(/<[a-z][^>]*>/gi)) {
    if (/data:/i.test(match[0])) {
      return fail(`Image non hébergée (ligne ${lineAt(html, match.index)}) : une image intégrée au contenu (data:) n’arrive pas chez les clients mail. Choisissez une image avec « Ajouter image ».`);
    }
  }

  // Text left from a block's sample: each run of text between tags, and link labels as a whole.
  const textRuns = /(^|>)([^<]+)/g;
  for (const match of html.matchAll(textRuns)) {
    const index = match.index + match[1].length;
    const check = checkPlaceholders(match[2], `(ligne ${lineAt(html, index)})`);
    if (!check.ok) return check;
  }
  return { ok: true };
}

/** Every <img> source of a template with its line (for checks that need the server's own address). */
export function listImageSources(html: string): Array<{ src: string; line: number }> {
  const out: Array<{ src: string; line: number }> = [];
  for (const match of html.matchAll(TAG)) {
    if (match[1].toLowerCase() !== 'img') continue;
    out.push({ src: parseAttributes(match[2]).get('src') ?? '', line: lineAt(html, match.index) });
  }
  return out;
}

/**
 * An image address a sent email may carry: https, or the app's own address (`ownOrigin`, http only in
 * development, where PUBLIC_URL is http://localhost).
 */
export function checkImageOrigins(html: string, ownOrigin: string): TemplateCheck {
  for (const { src, line } of listImageSources(html)) {
    if (/^https:\/\//i.test(src) || /^\{\{/.test(src)) continue;
    let origin = '';
    try {
      origin = new URL(src).origin;
    } catch {
      // Not an address: reported below.
    }
    if (origin !== ownOrigin) return fail(`L’image ligne ${line} doit avoir une adresse complète en https:// (« ${excerpt(src)} »).`);
  }
  return { ok: true };
}
