/** Escapes text placed inside email HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** The shared frame of every ReFeed email: a plain, mobile-friendly single column. */
export function wrapEmailHtml(bodyHtml: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;background:#f6f5f2;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-weight:700;font-size:20px;color:#c2410c;margin-bottom:16px">ReFeed</div>
<div style="background:#ffffff;border-radius:12px;padding:24px;line-height:1.5">${bodyHtml}</div>
<p style="font-size:12px;color:#6b7280;margin-top:16px">ReFeed · avis clients et fidélité pour restaurants</p>
</div></body></html>`;
}

/** A call-to-action button that survives email clients. */
export function emailButton(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#c2410c;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>`;
}
