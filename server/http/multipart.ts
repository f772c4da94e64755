import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './errors';

export interface MultipartForm<F extends string> {
  fields: Partial<Record<F, string>>;
  /** The one file of the form, if it came. */
  file: { bytes: Buffer; name: string } | null;
}

/**
 * Reads a multipart body of known text fields and at most one file (@fastify/multipart, registered
 * with its limits by the route's plugin). An unknown field or file field is a 400 naming it; a file
 * over the limit is a 413 naming the file field, never a half-read body; a body that is not
 * multipart is a 415 saying what the call takes.
 */
export async function readMultipart<F extends string>(
  request: FastifyRequest,
  form: { fields: readonly F[]; fileField: string; maxFileBytes: number; takes: string },
): Promise<MultipartForm<F>> {
  if (!request.isMultipart()) throw new HttpError(415, form.takes, { body: 'expected multipart/form-data' });
  const read: MultipartForm<F> = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== form.fileField) throw badRequest(part.fieldname, `${part.fieldname} is not a known file field (send the file as ${form.fileField})`);
        read.file = { bytes: await part.toBuffer(), name: part.filename.slice(0, 200) };
        continue;
      }
      const name = part.fieldname as F;
      if (!form.fields.includes(name)) throw badRequest(part.fieldname, `${part.fieldname} is not a known field`);
      if (part.valueTruncated) throw badRequest(name, `${name} is too long`);
      read.fields[name] = String(part.value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    const tooLarge = `${form.fileField} is too large: at most ${form.maxFileBytes / 1024 / 1024} MB`;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLarge, { [form.fileField]: tooLarge });
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, `send one ${form.fileField} file only`, { [form.fileField]: `send one ${form.fileField} file only` });
    throw error;
  }
  return read;
}
