/** An SMTP server that accepts and discards everything; prints its port. For bench/mailing.ts. */
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => console.log(server.server.address().port));
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
});
export { received };
