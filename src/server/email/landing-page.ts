import type { Locale } from '../../shared/rules/locales';
import { escapeHtml } from './layout';

/**
 * The small page a link of an email opens (/u unsubscribe, /rester 'Je reste membre'): a page of its own,
 * so that it works from any mail client, without the app's JavaScript. `bodyHtml` is already escaped;
 * `locale` is the page's language (the diner's, decision 091).
 */
export function emailLandingPage(title: string, bodyHtml: string, locale: Locale = 'fr'): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ReFeed</title></head>
<body style="margin:0;background:#f6f5f2;font-family:system-ui,-apple-system,'Segoe UI',Arial,sans-serif;color:#1f2937">
<main style="max-width:480px;margin:0 auto;padding:48px 16px">
<p style="font-weight:700;font-size:20px;color:#c2410c;margin:0 0 16px">ReFeed</p>
<div style="background:#fff;border-radius:12px;padding:24px;line-height:1.5;box-shadow:0 1px 2px rgba(0,0,0,.06)">
<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(title)}</h1>${bodyHtml}</div></main></body></html>`;
}

/** The landing page's one button: a form that POSTs to the same address (link scanners only GET). */
export function landingPageButton(label: string): string {
  return `<form method="post" style="margin:24px 0 0"><button type="submit" style="background:#c2410c;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:16px;font-weight:600;cursor:pointer">${escapeHtml(label)}</button></form>`;
}
