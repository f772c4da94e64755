/** An SMTP server that accepts and discards everything and prints its port: the far end of bench/mailing.ts. */
import { SMTPServer } from 'smtp-server';

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => callback());
  },
});
server.listen(0, '127.0.0.1', () => console.log(server.server.address().port));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
