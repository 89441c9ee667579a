import { expect } from 'vitest';

/** One mail of the development outbox (/dev/mailbox.json: the server's outbox rows, newest first). */
export type Mail = { toEmail: string; subject: string; html: string; createdAt: string };

/** How long a mail may take on a busy 2-core machine: the queue, the worker, then the outbox row. */
export const MAIL_TIMEOUT_MS = 20_000;

/** The mails sent to `to`, newest first. */
export async function readMailbox(baseUrl: string, to: string): Promise<Mail[]> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`the dev mailbox answered ${response.status}`);
  return ((await response.json()) as { mails: Mail[] }).mails;
}

/**
 * Waits for the newest mail to `to` that matches: a subject (exact) or a predicate. Polls the outbox
 * until it is there (no fixed sleep) and returns it.
 */
export async function waitForMail(baseUrl: string, to: string, match: string | ((mail: Mail) => boolean), timeout = MAIL_TIMEOUT_MS): Promise<Mail> {
  const matches = typeof match === 'string' ? (mail: Mail) => mail.subject === match : match;
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMailbox(baseUrl, to)).find(matches);
        return found !== undefined;
      },
      { timeout, interval: 200, message: `no matching mail for ${to}${typeof match === 'string' ? ` ("${match}")` : ''}` },
    )
    .toBe(true);
  return found!;
}

/** Every link of a mail, its HTML entities for `&` undone. */
export function linksIn(mail: Pick<Mail, 'html'>): string[] {
  return [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
}

/** The first link of a mail whose URL contains `part` (a path such as '/api/auth/verify-email', or a whole URL prefix). */
export function linkIn(mail: Pick<Mail, 'html'>, part: string): string {
  const link = linksIn(mail).find((href) => href.includes(part));
  if (!link) throw new Error(`no ${part} link in the mail`);
  return link;
}
