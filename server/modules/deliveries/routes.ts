import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import type { RoleName } from '../../auth/roles';
import { errorReplies } from '../../http/schemas';
import { sendFile } from '../../http/files';
import { HttpError } from '../../http/errors';
import type { ModuleDeps } from '../deps';
import { deliverInTx } from './create';
import { deliveryNotePdf, pickingSlipPdf } from './pdf';
import { proofFormLimits, readProofForm, recordProof } from './pod';
import { getDelivery, listDeliveries } from './queries';
import { SHIPPER_ROLES } from '../../../shared/deliveries/proof';
import { CreateDeliveryBody, DeliveryList, DeliveryListQuery, DeliveryReply, NotePdfQuery, PickingPdfQuery } from './wire';

/**
 * Deliveries: admins and the production team send goods and prove them delivered; whoever may see
 * an order (a member its own client's) sees its deliveries and their notes. Multipart parsing is
 * registered here only, for the proof.
 */
const SHIPPERS: RoleName[] = [...SHIPPER_ROLES];
const tags = ['deliveries'];
const binary = { 200: Type.String({ format: 'binary' }) };
/** An offline phone's retry of the same proof carries the same key. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

export const deliveryRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;
  await app.register(multipart, { limits: proofFormLimits });

  app.post(
    '/api/deliveries/create',
    { config: { access: SHIPPERS }, schema: { tags, body: CreateDeliveryBody, response: { 201: DeliveryReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      const body = request.body;
      const id = await db.transaction((tx) =>
        deliverInTx(
          tx,
          { publicUrl: deps.publicUrl, at: deps.now(), by: request.user!.id },
          {
            orderId: body.order_id,
            lines: body.lines.map((line, index) => ({ orderLineId: line.order_line_id, quantity: line.quantity, field: `lines.${index}` })),
            courier: body.courier,
            waybill: body.waybill,
          },
        ),
      );
      deps.jobs.wake();
      return reply.status(201).send({ data: await getDelivery(db, request.user!, id!) });
    },
  );
  app.get(
    '/api/deliveries/all',
    { config: { access: 'signed-in' }, schema: { tags, querystring: DeliveryListQuery, response: { 200: DeliveryList, ...errorReplies(400, 401) } } },
    async (request) => {
      const { order_id: orderId, id } = request.query;
      const data = await listDeliveries(deps.reads(request), request.user!, { orderId, ids: id === undefined ? undefined : [id] });
      return { data, total: data.length };
    },
  );
  app.get(
    '/api/deliveries/note_pdf',
    { config: { access: 'signed-in' }, schema: { tags, querystring: NotePdfQuery, produces: ['application/pdf'], response: { ...binary, ...errorReplies(400, 401, 404) } } },
    async (request, reply) => {
      const { pdf, filename } = await deliveryNotePdf(db, request.user!, request.query.id, request.query.locale);
      return sendFile(reply, 'application/pdf', filename, pdf);
    },
  );
  app.get(
    '/api/deliveries/picking_pdf',
    { config: { access: SHIPPERS }, schema: { tags, querystring: PickingPdfQuery, produces: ['application/pdf'], response: { ...binary, ...errorReplies(400, 401, 403, 404) } } },
    async (request, reply) => {
      const { pdf, filename } = await pickingSlipPdf(db, request.query.order_id, request.query.locale);
      return sendFile(reply, 'application/pdf', filename, pdf);
    },
  );
  app.post(
    '/api/deliveries/pod',
    { config: { access: SHIPPERS }, schema: { tags, consumes: ['multipart/form-data'], response: { 200: DeliveryReply, ...errorReplies(400, 401, 403, 404, 409, 415) } } },
    async (request) => {
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' && header ? header : null;
      if (key && !IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, 'Idempotency-Key must be 8 to 100 letters, digits or - _ . :', { 'Idempotency-Key': 'invalid' });
      const input = await readProofForm(request);
      const id = await recordProof(db, deps, request.user!, input, key);
      deps.jobs.wake();
      return { data: await getDelivery(db, request.user!, id) };
    },
  );
};
