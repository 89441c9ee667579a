// The bench's mail server (npm run bench's SMTP drain line): a real SMTP server on loopback, in a process of
// its own, that accepts every message and keeps nothing. No STARTTLS and no reverse DNS of the client: what
// it costs is the SMTP exchange itself, as a relay next to the instance would.
//   node --import tsx scripts/bench/smtp-sink.ts PORT
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2]);
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => callback());
  },
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
