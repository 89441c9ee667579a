import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outboxEmails } from '../db/schema';
import type { Env } from '../env';

export type OutgoingMail = { to: string; subject: string; html: string; text?: string };

export type MailMode = 'smtp' | 'outbox';

/** Sends mail. Either real SMTP, or (no SMTP_URL) the outbox shown at /dev/mailbox. */
export interface Mailer {
  readonly mode: MailMode;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

function dkimOptions(env: Env) {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY) return undefined;
  return { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') };
}

export function createMailer(env: Env, db: Db): Mailer {
  if (env.SMTP_URL) return createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, dkimOptions(env));
  return createOutboxMailer(db, env.MAIL_FROM, dkimOptions(env));
}

export function createSmtpMailer(smtpUrl: string, from: string, dkim?: ReturnType<typeof dkimOptions>): Mailer {
  const transporter: Transporter = nodemailer.createTransport(smtpUrl, { dkim });
  return {
    mode: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
}

/**
 * Builds the real MIME message with nodemailer (DKIM-signed when configured) and stores it in the
 * database instead of sending it, so a developer reads every mail at /dev/mailbox.
 */
export function createOutboxMailer(db: Db, from: string, dkim?: ReturnType<typeof dkimOptions>): Mailer {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', dkim });
  return {
    mode: 'outbox',
    async send(mail) {
      const info = await builder.sendMail({ from, ...mail });
      const size = Buffer.isBuffer(info.message) ? info.message.length : 0;
      await db.insert(outboxEmails).values({ toEmail: mail.to, fromEmail: from, subject: mail.subject, html: mail.html, text: mail.text ?? null, sizeBytes: size });
    },
    close: () => builder.close(),
  };
}
