import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';

/**
 * The server's structured log: JSON lines on stdout, written asynchronously. Fastify's default
 * writes two lines per request synchronously (a write system call each, on the request's path);
 * at a few hundred requests a second that was about a tenth of the server's CPU. Here each request
 * leaves one line when its answer is out, and lines written while a write is under way go out
 * together in the next one. On a normal exit pino flushes what is pending; a SIGKILL can lose the
 * last lines, never a write to the database.
 */
export function serverLogger(): FastifyServerOptions['loggerInstance'] {
  return pino({ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination({ dest: 1, sync: false }));
}

/**
 * One line per request, with its id (also in the answer's X-Request-Id), status and time taken;
 * with LOG_LEVEL=debug also a line when each request arrives (what is in flight, when a stop comes).
 */
export function logRequests(app: FastifyInstance): void {
  if (app.log.level === 'debug' || app.log.level === 'trace') {
    app.addHook('onRequest', async (request) => {
      request.log.debug({ method: request.method, url: request.url }, 'incoming request');
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
}
