import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { badRequest } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { imageTypeOf } from '../../uploads/imageType';
import { UploadFolder } from '../../uploads/folder';
import { MAX_PROOF_BYTES } from '../../../shared/billing/proofFiles';

export const proofFormLimits = { fileSize: MAX_PROOF_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 11 };

const types = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' } as const;
type ProofType = keyof typeof types;

/** The file's type by its bytes, whatever the browser claimed: a PDF or an image, nothing else. */
export function proofTypeOf(bytes: Buffer): ProofType | null {
  if (bytes.length > 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const image = imageTypeOf(bytes);
  return image === 'png' || image === 'jpg' ? image : null;
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
  const form = await readMultipart(request, {
    fields: ['amount', 'reference', 'paid_at'] as const,
    fileField: 'proof',
    maxFileBytes: MAX_PROOF_BYTES,
    takes: 'upload_proof takes multipart/form-data (amount, reference, paid_at and a proof file)',
  });
  const [amountText, reference, paidAt] = (['amount', 'reference', 'paid_at'] as const).map((name) => form.fields[name]?.trim() ?? '');
  const file = form.file;
  const amount = Number(amountText);
  if (!/^\d{1,10}$/.test(amountText) || amount < 1 || amount > 1_000_000_000) throw badRequest('amount', 'amount must be a positive whole number of cents');
  if (!reference || reference.length > 100) throw badRequest('reference', 'reference is required (at most 100 characters): the EFT reference you paid with');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(paidAt) || Number.isNaN(Date.parse(paidAt))) throw badRequest('paid_at', 'paid_at must be a date (YYYY-MM-DD)');
  if (!file || file.bytes.length === 0) throw badRequest('proof', 'proof is required: a PDF or a picture of the payment');
  const type = proofTypeOf(file.bytes);
  if (!type) throw badRequest('proof', 'proof must be a PDF, PNG or JPEG file (judged by its content)');
  return { amount, reference, paid_at: paidAt, bytes: file.bytes, type, name: file.name || `proof.${type}` };
}

/** Proof files in `<uploads>/proofs`, served only through billing/proof (authorised). */
export class ProofStore extends UploadFolder {
  constructor(uploadsDir: string) {
    super(uploadsDir, 'proofs');
  }

  static contentType(type: string): string {
    return types[type as ProofType] ?? 'application/octet-stream';
  }
}
