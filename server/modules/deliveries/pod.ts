import type { FastifyRequest } from 'fastify';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveries, orders } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { HttpError, badRequest, conflict } from '../../http/errors';
import { domainEvents } from '../../events/domain';
import { ordersVisibleTo } from '../orders/access';
import { advanceOrderTo } from '../orders/service';
import { reservedLeft } from '../stock/deliver';
import { imageTypeOf } from '../../uploads/imageType';
import { MAX_PHOTO_BYTES, MAX_SIGNATURE_BYTES, MAX_SIGNED_BY } from '../../../shared/deliveries/proof';

/** The multipart limits of the proof (@fastify/multipart stops reading a file past them). */
export const proofFormLimits = { fileSize: MAX_PHOTO_BYTES, files: 2, fields: 10, fieldSize: 1000, parts: 12 };

const FIELDS = ['delivery_id', 'signed_by', 'captured_at', 'lat', 'lng'] as const;
const FILES = ['signature', 'photo'] as const;

export interface ProofInput {
  deliveryId: number;
  signedBy: string;
  capturedAt: Date;
  lat: number | null;
  lng: number | null;
  signature: Buffer;
  photo: Buffer | null;
}

/**
 * Reads the proof's form: its fields and the two files, each checked by what it is (its first
 * bytes, as every upload is), not by its name or its declared type. A photo over the limit is a 400
 * naming `photo` (the reading stops there).
 */
export async function readProofForm(request: FastifyRequest): Promise<ProofInput> {
  if (!request.isMultipart()) throw new HttpError(415, 'deliveries/pod takes multipart/form-data (the fields, a signature PNG and an optional photo JPEG)', { body: 'expected multipart/form-data' });
  const fields: Partial<Record<(typeof FIELDS)[number], string>> = {};
  const files: Partial<Record<(typeof FILES)[number], Buffer>> = {};
  let reading = '';
  try {
    for await (const part of request.parts()) {
      reading = part.fieldname;
      if (part.type === 'file') {
        if (!(FILES as readonly string[]).includes(part.fieldname)) throw badRequest(part.fieldname, `${part.fieldname} is not a known file field (signature, photo)`);
        files[part.fieldname as (typeof FILES)[number]] = await part.toBuffer();
        continue;
      }
      if (!(FIELDS as readonly string[]).includes(part.fieldname)) throw badRequest(part.fieldname, `${part.fieldname} is not a known field`);
      fields[part.fieldname as (typeof FIELDS)[number]] = String(part.value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(reading, `${reading} is too large: at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest(reading, 'send one signature and at most one photo');
    throw error;
  }
  const deliveryId = Number(fields.delivery_id);
  if (!/^\d+$/.test(fields.delivery_id ?? '') || deliveryId < 1 || deliveryId > 2_147_483_647) throw badRequest('delivery_id', 'delivery_id must be a delivery id');
  const signedBy = fields.signed_by?.trim() ?? '';
  if (!signedBy) throw badRequest('signed_by', 'signed_by is required: the name of who received the goods');
  if (signedBy.length > MAX_SIGNED_BY) throw badRequest('signed_by', `signed_by must be at most ${MAX_SIGNED_BY} characters`);
  const capturedAt = new Date(fields.captured_at ?? '');
  if (!fields.captured_at || Number.isNaN(capturedAt.getTime())) throw badRequest('captured_at', 'captured_at must be an ISO 8601 date and time');
  const coordinate = (name: 'lat' | 'lng', limit: number): number | null => {
    const raw = fields[name]?.trim();
    if (!raw) return null;
    const value = Number(raw);
    if (!Number.isFinite(value) || Math.abs(value) > limit) throw badRequest(name, `${name} must be a number from -${limit} to ${limit}`);
    return value;
  };
  const lat = coordinate('lat', 90);
  const lng = coordinate('lng', 180);
  if ((lat === null) !== (lng === null)) throw badRequest(lat === null ? 'lat' : 'lng', 'lat and lng come together, or neither');
  const signature = files.signature;
  if (!signature || signature.length === 0) throw badRequest('signature', 'signature is required: the drawn signature as a PNG');
  if (imageTypeOf(signature) !== 'png') throw badRequest('signature', 'signature must be a PNG image');
  if (signature.length > MAX_SIGNATURE_BYTES) throw badRequest('signature', `signature must be at most ${MAX_SIGNATURE_BYTES / 1024} kB`);
  const photo = files.photo && files.photo.length > 0 ? files.photo : null;
  if (photo && imageTypeOf(photo) !== 'jpg') throw badRequest('photo', 'photo must be a JPEG image');
  return { deliveryId, signedBy, capturedAt, lat, lng, signature, photo };
}

/**
 * Writes a delivery's proof, in one transaction: the delivery is then delivered, and its order
 * `delivered` once it is dispatched, nothing is left to send and every delivery of it is proven.
 * The same `Idempotency-Key` again (a phone's outbox sending twice) answers the proof already
 * written; another proof of a proven delivery is a 409. A delivery the caller may not see is a 404.
 */
export async function recordProof(db: Db, deps: { publicUrl: string; now: () => Date }, user: CurrentUser, input: ProofInput, key: string | null): Promise<number> {
  return db.transaction(async (tx) => {
    const [delivery] = await tx
      .select({ id: deliveries.id, number: deliveries.number, orderId: deliveries.orderId, deliveredAt: deliveries.deliveredAt, key: deliveries.podIdempotencyKey, reference: orders.reference, clientId: orders.clientId })
      .from(deliveries)
      .innerJoin(orders, eq(orders.id, deliveries.orderId))
      .where(and(eq(deliveries.id, input.deliveryId), ordersVisibleTo(user)))
      .for('update', { of: deliveries });
    if (!delivery) throw new HttpError(404, 'Delivery not found', { delivery_id: 'Delivery not found' });
    if (delivery.deliveredAt) {
      if (key && delivery.key === key) return delivery.id;
      throw conflict('delivery_id', `Delivery ${delivery.number} already has its proof`);
    }
    if (key) {
      const [other] = await tx.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.podIdempotencyKey, key));
      if (other) throw conflict('Idempotency-Key', 'This Idempotency-Key was used for another delivery');
    }
    const at = deps.now();
    await tx
      .update(deliveries)
      .set({
        signedBy: input.signedBy,
        deliveredAt: at,
        podCapturedAt: input.capturedAt,
        podLat: input.lat,
        podLng: input.lng,
        podSignature: input.signature,
        podPhoto: input.photo,
        podBy: user.id,
        podIdempotencyKey: key,
      })
      .where(eq(deliveries.id, delivery.id));
    const origin = { at, by: user.id };
    await recordAudit(tx, {
      userId: user.id,
      action: 'prove_delivery',
      entity: 'delivery',
      entityId: delivery.id,
      data: { number: delivery.number, order_id: delivery.orderId, signed_by: input.signedBy, captured_at: input.capturedAt.toISOString(), lat: input.lat, lng: input.lng, photo: input.photo !== null },
    });
    await domainEvents.publish(
      tx,
      'delivery.delivered',
      { id: delivery.id, number: delivery.number, order_id: delivery.orderId, reference: delivery.reference, client_id: delivery.clientId, signed_by: input.signedBy, delivered_at: at.toISOString() },
      origin,
    );
    const [unproven] = await tx.select({ n: count() }).from(deliveries).where(and(eq(deliveries.orderId, delivery.orderId), isNull(deliveries.deliveredAt)));
    const left = (await reservedLeft(tx, delivery.orderId)).some((line) => line.reserved + line.backordered > 0);
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, delivery.orderId));
    if (unproven.n === 0 && !left && order.status === 'dispatched') await advanceOrderTo(tx, deps.publicUrl, origin, delivery.orderId, 'delivered');
    return delivery.id;
  });
}
