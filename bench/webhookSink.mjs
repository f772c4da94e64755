/**
 * A webhook receiver that answers 200 to every POST, counts them and prints its port: the far end of
 * bench/webhooks.ts, in a process of its own so receiving does not share the portal's event loop.
 */
import { createServer } from 'node:http';

let received = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.once('SIGTERM', () => {
  console.error(`webhook sink: ${received} deliveries received`);
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
