/**
 * What a proof of payment may be: the server judges a file by its bytes (server/modules/billing/
 * proofs.ts), the web app by its type and size before it sends it; both read these.
 */
export const PROOF_MEDIA_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;
