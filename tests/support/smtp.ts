import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { fail, waitUntil } from './wait';

export type ReceivedMail = {
  /** SMTP envelope: what the server was asked to deliver, whatever the headers say. */
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
};

export type TestSmtpServer = {
  url: string;
  received: ReceivedMail[];
  /** Waits for a mail matching `predicate` and returns it. */
  waitFor: (predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  /** Makes the server refuse every message with this SMTP reply (null: accept again). */
  refuseWith: (reply: { code: number; message: string } | null) => void;
  close: () => Promise<void>;
};

/** A real SMTP server on loopback: the app's nodemailer transport talks to it as to any mail server. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusal: { code: number; message: string } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal) {
          const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) };
        simpleParser(raw)
          .then((parsed) => {
            received.push({ envelope, raw, parsed });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor: (predicate, timeoutMs = 15_000) =>
      waitUntil(() => received.find(predicate), { timeoutMs, onTimeout: fail(() => `Expected mail did not reach the SMTP server (${received.length} received)`) }),
    refuseWith(reply) {
      refusal = reply;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
