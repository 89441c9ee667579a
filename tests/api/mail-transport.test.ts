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

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:1', 'ReFeed <bonjour@refeed.fr>');
    await expect(mailer.send({ to: 'diner@example.fr', subject: 'x', html: '<p>x</p>' })).rejects.toThrow();
    mailer.close();
  });
});
