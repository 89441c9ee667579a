import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/server/email/transport';

// A real SMTP server on loopback receives what nodemailer sends in SMTP mode.
let server: SMTPServer;
let port: number;
const received: Array<{ from: string; to: string[]; raw: string }> = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP mail transport', () => {
  it('delivers the message to the SMTP server, DKIM-signed when configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'ReFeed <bonjour@refeed.fr>', {
      domainName: 'refeed.fr',
      keySelector: 'mail',
      privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    });
    await mailer.send({ to: 'diner@example.fr', subject: 'Merci pour votre visite', html: '<p>À bientôt !</p>' });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('bonjour@refeed.fr');
    expect(received[0].to).toEqual(['diner@example.fr']);
    expect(received[0].raw).toMatch(/^DKIM-Signature: .*d=refeed\.fr/m);
    expect(received[0].raw).toContain('Subject: Merci pour votre visite');
  });

  it('sends a rush over a few kept connections, and opens a new one once the server closed an idle one', async () => {
    let sessions = 0;
    let closed = 0;
    const delivered: string[][] = [];
    const pooled = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // An idle connection is closed after 1 s, as a mail server closes one idle for minutes.
      socketTimeout: 1_000,
      onConnect(_session, callback) {
        sessions++;
        callback();
      },
      onClose() {
        closed++;
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          delivered.push(session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => pooled.listen(0, '127.0.0.1', resolve));
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${(pooled.server.address() as AddressInfo).port}`, 'ReFeed <bonjour@refeed.fr>');
    try {
      // Forty thank-you emails, sent as the job workers send them: five at a time.
      for (let wave = 0; wave < 8; wave++) {
        await Promise.all(Array.from({ length: 5 }, (_, n) => mailer.send({ to: `diner${wave * 5 + n}@example.fr`, subject: 'Merci', html: '<p>Merci !</p>' })));
      }
      expect(delivered).toHaveLength(40);
      // One connection per email without the pool; at most one per message sent at once with it.
      expect(sessions).toBeLessThanOrEqual(5);
      // The server closes the idle connections: the next email is sent all the same, on a new one.
      await expect.poll(() => closed, { timeout: 15_000, interval: 50 }).toBe(sessions);
      const opened = sessions;
      await mailer.send({ to: 'diner-after@example.fr', subject: 'Merci', html: '<p>Merci !</p>' });
      expect(delivered.at(-1)).toEqual(['diner-after@example.fr']);
      expect(sessions).toBeGreaterThan(opened);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => pooled.close(() => resolve()));
    }
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:1', 'ReFeed <bonjour@refeed.fr>');
    await expect(mailer.send({ to: 'diner@example.fr', subject: 'x', html: '<p>x</p>' })).rejects.toThrow();
    mailer.close();
  });
});
