import type { FastifyReply } from 'fastify';

/** A file answer (a PDF, a CSV, a proof): downloaded under its name. */
export function sendFile(reply: FastifyReply, type: string, filename: string, body: Buffer | string) {
  return reply.type(type).header('content-disposition', `attachment; filename="${filename.replace(/[^\w.\- ]/g, '_')}"`).send(body);
}
