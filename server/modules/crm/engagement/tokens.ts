import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tracking tokens of campaign mail: `<send>.<link>[.<delivery>].<sig>` for a click,
 * `<send>[.<delivery>].<sig>` for an open. The signature is HMAC-SHA256 (the installation's
 * `tracking` key, signingKeys.ts) over the kind and the numbers, cut to 22 base64url characters
 * (132 bits): nobody can make one up, or turn an open into a click or a link into another. The
 * delivery (hence the member) is only in it when the company ties engagement to members.
 */
export interface ClickToken {
  sendId: number;
  linkIdx: number;
  deliveryId: number | null;
}
export interface OpenToken {
  sendId: number;
  deliveryId: number | null;
}

const SIG_LENGTH = 22;
const number = '(\\d{1,15})';
const sig = `([A-Za-z0-9_-]{${SIG_LENGTH}})`;
const clickPattern = new RegExp(`^${number}\\.${number}(?:\\.${number})?\\.${sig}$`);
const openPattern = new RegExp(`^${number}(?:\\.${number})?\\.${sig}$`);

function signature(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url').slice(0, SIG_LENGTH);
}

function signed(key: Buffer, kind: string, parts: (number | null)[]): string {
  const body = parts.filter((p) => p !== null).join('.');
  return `${body}.${signature(key, `${kind}:${parts.map((p) => p ?? '').join(':')}`)}`;
}

function matches(key: Buffer, kind: string, parts: (number | null)[], given: string): boolean {
  const expected = Buffer.from(signature(key, `${kind}:${parts.map((p) => p ?? '').join(':')}`));
  return timingSafeEqual(expected, Buffer.from(given));
}

export const clickToken = (key: Buffer, t: ClickToken) => signed(key, 'click', [t.sendId, t.linkIdx, t.deliveryId]);
export const openToken = (key: Buffer, t: OpenToken) => signed(key, 'open', [t.sendId, t.deliveryId]);

const optional = (text: string | undefined) => (text === undefined ? null : Number(text));

/** The token's numbers when its signature holds; null for anything else (the route answers 404). */
export function readClickToken(key: Buffer, token: string): ClickToken | null {
  const match = clickPattern.exec(token);
  if (!match) return null;
  const parsed = { sendId: Number(match[1]), linkIdx: Number(match[2]), deliveryId: optional(match[3]) };
  return matches(key, 'click', [parsed.sendId, parsed.linkIdx, parsed.deliveryId], match[4]) ? parsed : null;
}

export function readOpenToken(key: Buffer, token: string): OpenToken | null {
  const match = openPattern.exec(token);
  if (!match) return null;
  const parsed = { sendId: Number(match[1]), deliveryId: optional(match[2]) };
  return matches(key, 'open', [parsed.sendId, parsed.deliveryId], match[3]) ? parsed : null;
}
