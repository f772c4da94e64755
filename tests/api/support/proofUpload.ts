import type { TestApp } from './app';

/** A member's proof of payment posted as the SPA posts it: a multipart form with amount, reference, paid_at and the file. */
export function uploadProof(t: TestApp, token: string, file: Buffer, options: { name?: string; amount?: string; paidAt: string; reference?: string }) {
  const boundary = '----proof' + Math.random().toString(16).slice(2);
  const part = (field: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(part('amount', options.amount ?? '1000') + part('reference', options.reference ?? 'EFT proof') + part('paid_at', options.paidAt)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="proof"; filename="${options.name ?? 'proof.pdf'}"\r\nContent-Type: application/pdf\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.inject({ method: 'POST', url: '/api/billing/upload_proof', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
}
