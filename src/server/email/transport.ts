import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { queryPreparedRows } from '../platform';
import { outboxEmails } from '../db/schema';
import type { Env } from '../env';
import { JOB_CONCURRENCY } from '../jobs/queue';

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text?: string;
  /** Display name shown as the sender (the restaurant's name); the address stays MAIL_FROM's. */
  fromName?: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

export type MailMode = 'smtp' | 'outbox';

/** Sends mail. Either real SMTP, or (no SMTP_URL) the outbox shown at /dev/mailbox. */
export interface Mailer {
  readonly mode: MailMode;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * nodemailer's default signed header list plus List-Unsubscribe-Post: RFC 8058 asks for both
 * List-Unsubscribe headers to be covered by the DKIM signature.
 */
export const DKIM_SIGNED_HEADERS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:' +
  'Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:' +
  'List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive';

export type DkimOptions = { domainName: string; keySelector: string; privateKey: string; headerFieldNames?: string };

function dkimOptions(env: Env): DkimOptions | undefined {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY) return undefined;
  return { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') };
}

/** The address part of MAIL_FROM ('ReFeed <no-reply@x.fr>' → 'no-reply@x.fr'). */
export function mailFromAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/** nodemailer's message options: the restaurant's name in front of MAIL_FROM's address when given. */
function toMessage(defaultFrom: string, mail: OutgoingMail) {
  const from = mail.fromName ? { name: mail.fromName, address: mailFromAddress(defaultFrom) } : defaultFrom;
  return { from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, replyTo: mail.replyTo, headers: mail.headers };
}

const withSignedHeaders = (dkim?: DkimOptions) => (dkim ? { headerFieldNames: DKIM_SIGNED_HEADERS, ...dkim } : undefined);

export function createMailer(env: Env, db: Db): Mailer {
  if (env.SMTP_URL) return createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, dkimOptions(env));
  return createOutboxMailer(db, env.MAIL_FROM, dkimOptions(env));
}

/**
 * SMTP connections kept open and shared by the sends (nodemailer's pool), as many as a queue's worker sends
 * at once (jobs/queue.ts; more wait for a free connection). Without it every email opened its own connection: TCP, greeting, EHLO,
 * STARTTLS's handshake and AUTH before its MAIL FROM, then QUIT — a Saturday evening's thank-you emails
 * each paid them. A connection is replaced after 100 messages or when the server closes it.
 * `?pool=false` in SMTP_URL turns it off (the URL's settings win).
 */
export const SMTP_POOL = { pool: true, maxConnections: JOB_CONCURRENCY, maxMessages: 100 } as const;

export function createSmtpMailer(smtpUrl: string, from: string, dkim?: DkimOptions): Mailer {
  const transporter: Transporter = nodemailer.createTransport({ ...SMTP_POOL, url: smtpUrl }, { dkim: withSignedHeaders(dkim) });
  return {
    mode: 'smtp',
    async send(mail) {
      await transporter.sendMail(toMessage(from, mail));
    },
    close: () => transporter.close(),
  };
}

type OutboxRow = { toEmail: string; fromEmail: string; subject: string; html: string; text: string | null; headers: string; sizeBytes: number };
/** The outbox's insert, compiled once: every mail of outbox mode sends it (`headers`: JSON text). */
const INSERT_OUTBOX_EMAIL = sql`insert into ${outboxEmails} (to_email, from_email, subject, html, text, headers, size_bytes)
  values (${sql.placeholder('toEmail')}, ${sql.placeholder('fromEmail')}, ${sql.placeholder('subject')}, ${sql.placeholder('html')}, ${sql.placeholder('text')},
          ${sql.placeholder('headers')}::jsonb, ${sql.placeholder('sizeBytes')}::int)`;

/**
 * Builds the real MIME message with nodemailer (DKIM-signed when configured) and stores it in the
 * database instead of sending it, so a developer reads every mail at /dev/mailbox.
 */
export function createOutboxMailer(db: Db, from: string, dkim?: DkimOptions): Mailer {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', dkim: withSignedHeaders(dkim) });
  return {
    mode: 'outbox',
    async send(mail) {
      const message = toMessage(from, mail);
      const info = await builder.sendMail(message);
      const size = Buffer.isBuffer(info.message) ? info.message.length : 0;
      const fromEmail = typeof message.from === 'string' ? message.from : `${message.from.name} <${message.from.address}>`;
      const headers = { ...mail.headers, ...(mail.replyTo ? { 'Reply-To': mail.replyTo } : {}) };
      await queryPreparedRows(db, INSERT_OUTBOX_EMAIL, { toEmail: mail.to, fromEmail, subject: mail.subject, html: mail.html, text: mail.text ?? null, headers: JSON.stringify(headers), sizeBytes: size } satisfies OutboxRow);
    },
    close: () => builder.close(),
  };
}
