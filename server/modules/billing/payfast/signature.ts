import { createHash } from 'node:crypto';

/** A PayFast form or notification: its fields in the order they are sent, which the signature depends on. */
export type PayfastFields = [name: string, value: string][];

/**
 * PHP's `urlencode`, which PayFast's signature is defined by: everything but letters, digits and
 * `-_.` escaped with upper-case hex, a space as `+` (encodeURIComponent leaves `!'()*~` alone and
 * writes a space as `%20`).
 */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** `name=value&…` of the non-empty fields (values trimmed) in their order, without `signature`. */
export function parameterString(fields: PayfastFields): string {
  return fields
    .filter(([name, value]) => name !== 'signature' && value.trim() !== '')
    .map(([name, value]) => `${name}=${phpUrlencode(value.trim())}`)
    .join('&');
}

/** The MD5 PayFast checks: over the parameter string, with `&passphrase=…` when the account has one. */
export function payfastSignature(fields: PayfastFields, passphrase: string): string {
  const base = parameterString(fields);
  const signed = passphrase ? `${base}&passphrase=${phpUrlencode(passphrase.trim())}` : base;
  return createHash('md5').update(signed).digest('hex');
}

/** The fields with their signature last, as the payment form posts them. */
export function signed(fields: PayfastFields, passphrase: string): PayfastFields {
  return [...fields, ['signature', payfastSignature(fields, passphrase)]];
}
