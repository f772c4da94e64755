import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Secrets the server must read back (TOTP secrets), encrypted at rest with AES-256-GCM. The key is
 * derived (HKDF-SHA256) from a secret of the environment: TWO_FACTOR_KEY, or JWT_SECRET when that
 * is not set. Each value is bound to its owner (`context`, e.g. the user id) as associated data,
 * so a ciphertext copied onto another row does not open.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'members-portal', 'two-factor secrets v1', 32));
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plain text, or null for a value this key (or this context) did not seal. */
  open(sealed: string, context: string): string | null {
    const [version, data] = sealed.split(':');
    if (version !== VERSION || !data) return null;
    const raw = Buffer.from(data, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
