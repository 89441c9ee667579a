import sanitizeHtml from 'sanitize-html';
import { TEMPLATE_VARIABLES } from '../../shared/rules/email-template';
import { setNewest } from '../platform';

/**
 * The allowlist of a restaurant's email HTML (decision 028): what email clients render (tables, inline
 * styles, images, links), nothing that runs (no script, no event handler, no iframe, no form, no
 * `javascript:` link). Applied to every template when it is saved (text area, visual editor, restore)
 * and again when an email is rendered, for templates saved before the allowlist existed.
 */

const VARIABLE_URL = new RegExp(`^\\{\\{\\s*(${TEMPLATE_VARIABLES.map((variable) => variable.name).join('|')})\\s*\\}\\}$`);
const WEB_URL = /^https?:\/\//i;
const MAIL_URL = /^mailto:/i;

/** A link target a diner may follow: http(s), mailto, an in-page anchor, or exactly one allowlisted {{variable}}. */
const isSafeHref = (href: string) => WEB_URL.test(href) || MAIL_URL.test(href) || VARIABLE_URL.test(href) || /^#[\w-]*$/.test(href);
/** An image source: http(s) or exactly one allowlisted {{variable}} (no data:, no relative path). */
const isSafeSrc = (src: string) => WEB_URL.test(src) || VARIABLE_URL.test(src);

/** The attributes with `name` dropped unless its (trimmed) value passes `safe`; order kept. */
function keepIf(attribs: sanitizeHtml.Attributes, name: string, safe: (value: string) => boolean): sanitizeHtml.Attributes {
  const out: sanitizeHtml.Attributes = {};
  for (const [key, value] of Object.entries(attribs)) {
    if (key.toLowerCase() !== name) out[key] = value;
    else if (safe(value.trim())) out[key] = value.trim();
  }
  return out;
}

/**
 * An inline style without `data:` URLs (a base64 background): mail clients do not show them, and
 * they bloat the email past Gmail's clipping (issue 28). `src` and `href` already refuse data:.
 */
function withoutDataUrls(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  if (!attribs.style || !/data:/i.test(attribs.style)) return attribs;
  return { ...attribs, style: attribs.style.replace(/url\(\s*(['"]?)\s*data:[^)]*\)/gi, 'none') };
}

const TABLE_ATTRIBUTES = ['width', 'height', 'bgcolor', 'align', 'valign', 'border', 'cellpadding', 'cellspacing', 'colspan', 'rowspan', 'nowrap'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'html', 'head', 'body', 'title', 'meta',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'col', 'colgroup',
    'div', 'span', 'p', 'br', 'hr', 'center', 'section', 'article', 'header', 'footer', 'figure', 'figcaption',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'a', 'img', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'small', 'sub', 'sup', 'font', 'abbr',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'id', 'title', 'dir', 'lang', 'role', 'align', 'valign', 'width', 'height', 'bgcolor', 'aria-label', 'aria-hidden'],
    html: ['lang', 'xmlns'],
    meta: ['charset', 'name', 'content'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    table: TABLE_ATTRIBUTES,
    td: TABLE_ATTRIBUTES,
    th: TABLE_ATTRIBUTES,
    tr: TABLE_ATTRIBUTES,
    col: ['span', 'width'],
    font: ['color', 'face', 'size'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Dropped with their content: nothing inside them is text a diner should read.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'form', 'select', 'button'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, 'href', isSafeHref) }),
    img: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, 'src', isSafeSrc) }),
    '*': (tagName, attribs) => ({ tagName, attribs: withoutDataUrls(attribs) }),
  },
};

/** The template's HTML reduced to the email allowlist. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * Sending sanitises the saved template again; a restaurant has a handful of templates, so each is
 * parsed once per process rather than at every email (the drain sends hundreds a second).
 */
const SEND_CACHE_LIMIT = 500;
const sendCache = new Map<string, string>();

export function sanitizeEmailHtmlCached(html: string): string {
  const known = sendCache.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeEmailHtml(html);
  setNewest(sendCache, html, clean, SEND_CACHE_LIMIT);
  return clean;
}

const FORBIDDEN_DESIGN_TAGS = new Set(['script', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'select', 'textarea', 'svg', 'math', 'template', 'style', 'link', 'base', 'frame', 'frameset']);
/** A GrapesJS component's own JavaScript (run in the editor's canvas and exported with the page). */
const DESIGN_SCRIPT_KEYS = new Set(['script', 'script-export', 'script-props']);

/** GrapesJS component types that embed or run something ('link' is an <a>, kept). */
const FORBIDDEN_DESIGN_TYPES = new Set(['script', 'iframe', 'video', 'map', 'form', 'input', 'select', 'textarea', 'button', 'svg']);

/**
 * The visual editor's project (GrapesJS JSON) under the same rule: it is loaded back into the editor,
 * so a component that is a script, an iframe or a form goes, a component's own script goes, attributes
 * named on* go, links and image sources keep only what the HTML allowlist keeps, and any HTML string in
 * it is sanitised.
 */
export function sanitizeDesign(design: Record<string, unknown>): Record<string, unknown> {
  return scrub(design) as Record<string, unknown>;
}

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => !isForbiddenComponent(item)).map(scrub);
  if (typeof value === 'string') return /<[a-z!/?]/i.test(value) ? sanitizeEmailHtml(value) : value;
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'attributes' && item && typeof item === 'object' && !Array.isArray(item)) out[key] = scrubAttributes(item as Record<string, unknown>);
    else if (DESIGN_SCRIPT_KEYS.has(key.toLowerCase()) || isForbiddenComponent(item)) continue;
    else out[key] = scrub(item);
  }
  return out;
}

function isForbiddenComponent(item: unknown): boolean {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return false;
  const { tagName, type } = item as { tagName?: unknown; type?: unknown };
  return (typeof tagName === 'string' && FORBIDDEN_DESIGN_TAGS.has(tagName.toLowerCase())) || (typeof type === 'string' && FORBIDDEN_DESIGN_TYPES.has(type.toLowerCase()));
}

function scrubAttributes(attributes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (/^on/i.test(name) || /^(srcdoc|formaction|action|xlink:href|srcset)$/i.test(name)) continue;
    if (/^href$/i.test(name) && !(typeof value === 'string' && isSafeHref(value.trim()))) continue;
    if (/^src$/i.test(name) && !(typeof value === 'string' && isSafeSrc(value.trim()))) continue;
    out[name] = typeof value === 'string' && /<[a-z!/?]/i.test(value) ? sanitizeEmailHtml(value) : value;
  }
  return out;
}
