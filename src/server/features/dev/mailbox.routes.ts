import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { outboxEmails } from '../../db/schema';
import { escapeHtml } from '../../email/layout';
import type { AppEnv } from '../../lib/http/hono-env';
import { validate } from '../../lib/http/validate';
import { formatDateTime } from '../../../shared/format';

const ZMailboxQuery = z.object({ to: z.string().optional() });

/**
 * The developer mailbox (outbox mode only, never in production): /dev/mailbox lists stored mails,
 * /dev/mailbox/{id} shows one, /dev/mailbox.json is for tests and scripts.
 */
export function createMailboxRoutes(deps: AppDeps) {
  const listMails = (to?: string) =>
    deps.db
      .select()
      .from(outboxEmails)
      .where(to ? eq(outboxEmails.toEmail, to) : undefined)
      .orderBy(desc(outboxEmails.createdAt))
      .limit(200);

  return new Hono<AppEnv>()
    .get('/mailbox.json', validate('query', ZMailboxQuery), async (c) => c.json({ mails: await listMails(c.req.valid('query').to) }))
    .get('/mailbox', validate('query', ZMailboxQuery), async (c) => {
      const mails = await listMails(c.req.valid('query').to);
      const rows = mails
        .map(
          (m) =>
            `<tr><td>${formatDateTime(m.createdAt)}</td><td>${escapeHtml(m.toEmail)}</td><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
        )
        .join('');
      return c.html(
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Boîte mail de développement</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#1f2937}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:8px;text-align:left}</style></head>
<body><h1>Boîte mail de développement</h1><p>Mode outbox : aucun email ne quitte cette machine. ${mails.length} message(s).</p>
<table><thead><tr><th>Date</th><th>Destinataire</th><th>Sujet</th></tr></thead><tbody>${rows || '<tr><td colspan="3">Aucun email pour le moment.</td></tr>'}</tbody></table></body></html>`,
      );
    })
    .get('/mailbox/:id', validate('param', z.object({ id: z.uuid() })), async (c) => {
      const [mail] = await deps.db.select().from(outboxEmails).where(eq(outboxEmails.id, c.req.valid('param').id));
      if (!mail) return c.text('Email introuvable', 404);
      return c.html(mail.html);
    });
}
