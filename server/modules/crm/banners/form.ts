import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../../http/errors';
import { readMultipart } from '../../../http/multipart';
import { MAX_IMAGE_BYTES } from './images';
import type { BannerInput } from './schemas';

/** The multipart limits of savebanner (@fastify/multipart stops reading past them). */
export const bannerFormLimits = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 4000, parts: 21 };

const FIELDS = ['id', 'title', 'link_url', 'active_from', 'active_to', 'position', 'active'] as const;
type FieldName = (typeof FIELDS)[number];

/** http(s) addresses or a path on the portal itself (`/…`); never `javascript:`, `data:` or `//host`. */
const LINK_URL = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/;
/** `2026-12-01`, `2026-12-01T08:00`, `2026-12-01T08:00:00.000Z`, `…+02:00`. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function dateField(name: 'active_from' | 'active_to', raw: string | undefined): Date | null {
  const text = raw?.trim();
  if (!text) return null;
  const date = new Date(text);
  if (!ISO_DATE.test(text) || Number.isNaN(date.getTime())) throw badRequest(name, `${name} must be an ISO 8601 date`);
  return date;
}

function booleanField(name: FieldName, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1' || raw === 'on') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badRequest(name, `${name} must be true or false`);
}

function integerField(name: FieldName, raw: string | undefined, minimum: number): number | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < minimum || value > 1_000_000) throw badRequest(name, `${name} must be a whole number from ${minimum} to 1000000`);
  return value;
}

/** The checked fields of a form (a multipart body is outside the JSON validator, so the rules are here). */
export function bannerInputOf(fields: Partial<Record<FieldName, string>>): BannerInput {
  const title = fields.title?.trim() ?? '';
  if (!title) throw badRequest('title', 'title is required');
  if (title.length > 200) throw badRequest('title', 'title must be at most 200 characters');
  const link = fields.link_url?.trim() || null;
  if (link && (link.length > 2000 || !LINK_URL.test(link))) {
    throw badRequest('link_url', 'link_url must be an http(s) address or a path on the portal starting with /');
  }
  const activeFrom = dateField('active_from', fields.active_from);
  const activeTo = dateField('active_to', fields.active_to);
  if (activeFrom && activeTo && activeTo < activeFrom) throw badRequest('active_to', 'active_to must not be before active_from');
  return {
    id: integerField('id', fields.id, 1),
    title,
    link_url: link,
    active_from: activeFrom,
    active_to: activeTo,
    position: integerField('position', fields.position, 0) ?? 0,
    active: booleanField('active', fields.active, true),
  };
}

/** savebanner's body: the checked fields and the image bytes (null when none was sent). */
export async function readBannerForm(request: FastifyRequest): Promise<{ input: BannerInput; image: Buffer | null }> {
  const form = await readMultipart(request, {
    fields: FIELDS,
    fileField: 'image',
    maxFileBytes: MAX_IMAGE_BYTES,
    takes: 'savebanner takes multipart/form-data (the fields and an image file)',
  });
  return { input: bannerInputOf(form.fields), image: form.file && form.file.bytes.length > 0 ? form.file.bytes : null };
}
