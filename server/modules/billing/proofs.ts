import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError, badRequest } from '../../http/errors';
import { imageTypeOf } from '../crm/banners/images';

/** The largest proof of payment accepted: a phone photo or a bank's PDF. */
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;
export const proofFormLimits = { fileSize: MAX_PROOF_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 11 };

const types = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const;
type ProofType = keyof typeof types;

/** The file's type by its bytes, whatever the browser claimed: a PDF or an image, nothing else. */
export function proofTypeOf(bytes: Buffer): ProofType | null {
  if (bytes.length > 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return imageTypeOf(bytes);
}

/** upload_proof's multipart form as the OpenAPI document shows it (the JSON validator never sees it). */
export const ProofForm = Type.Object({
  amount: Type.String({ description: 'cents, a whole number' }),
  reference: Type.String(),
  paid_at: Type.String({ format: 'date' }),
  proof: Type.String({ format: 'binary', description: 'PDF, PNG or JPEG, at most 5 MB' }),
});

export interface ProofInput {
  amount: number;
  reference: string;
  paid_at: string;
  bytes: Buffer;
  type: ProofType;
  name: string;
}

/** Reads and checks the form; a file over the limit is a 413 naming `proof`, never a half-read body. */
export async function readProofForm(request: FastifyRequest): Promise<ProofInput> {
  if (!request.isMultipart()) throw new HttpError(415, 'upload_proof takes multipart/form-data (amount, reference, paid_at and a proof file)', { body: 'expected multipart/form-data' });
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'proof') throw badRequest(part.fieldname, `${part.fieldname} is not a known file field (send the file as proof)`);
        file = { bytes: await part.toBuffer(), name: part.filename.slice(0, 200) };
        continue;
      }
      if (!['amount', 'reference', 'paid_at'].includes(part.fieldname)) throw badRequest(part.fieldname, `${part.fieldname} is not a known field`);
      if (part.valueTruncated) throw badRequest(part.fieldname, `${part.fieldname} is too long`);
      fields[part.fieldname] = String(part.value).trim();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'proof is too large: at most 5 MB', { proof: 'proof is too large: at most 5 MB' });
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, 'send one proof file only', { proof: 'send one proof file only' });
    throw error;
  }
  const amount = Number(fields.amount);
  if (!/^\d{1,10}$/.test(fields.amount ?? '') || amount < 1 || amount > 1_000_000_000) throw badRequest('amount', 'amount must be a positive whole number of cents');
  if (!fields.reference || fields.reference.length > 100) throw badRequest('reference', 'reference is required (at most 100 characters): the EFT reference you paid with');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.paid_at ?? '') || Number.isNaN(Date.parse(fields.paid_at))) throw badRequest('paid_at', 'paid_at must be a date (YYYY-MM-DD)');
  if (!file || file.bytes.length === 0) throw badRequest('proof', 'proof is required: a PDF or a picture of the payment');
  const type = proofTypeOf(file.bytes);
  if (!type) throw badRequest('proof', 'proof must be a PDF, PNG or JPEG file (judged by its content)');
  return { amount, reference: fields.reference, paid_at: fields.paid_at, bytes: file.bytes, type, name: file.name || `proof.${type}` };
}

/** Proof files in `<uploads>/proofs`, under random names, served only through billing/proof (authorised). */
export class ProofStore {
  readonly dir: string;

  constructor(uploadsDir: string) {
    this.dir = join(uploadsDir, 'proofs');
    mkdirSync(this.dir, { recursive: true });
  }

  async save(bytes: Buffer, type: ProofType): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${type}`;
    await writeFile(join(this.dir, name), bytes, { flag: 'wx' });
    return name;
  }

  read(name: string): Promise<Buffer> {
    return readFile(join(this.dir, name.replace(/[^a-z0-9.]/g, '')));
  }

  static contentType(type: string): string {
    return types[type as ProofType] ?? 'application/octet-stream';
  }
}
