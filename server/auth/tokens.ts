import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Access tokens live 15 minutes; the SPA refreshes every 5. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
  /** The sign-in (user_sessions row) the token belongs to; tokens made outside a sign-in (tests, tools) have none. */
  sessionId?: string | null;
}

/**
 * How many verified tokens a server remembers. Each signed-in browser holds one token at a time
 * (refreshed every 5 minutes), so this covers thousands of concurrent sessions; past it the oldest
 * entry goes and its token is simply verified again.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature was already checked, with their claims and expiry. Verifying an HS256
   * signature through WebCrypto (jose) costs an async round through the crypto thread — measurable
   * on every request at load — while the same string can only carry the same claims. The cache is
   * keyed by the whole token, so a changed or forged token is never a hit; expiry is still checked
   * on every use, and revocation (logout, password change…) is the token version's job, not this.
   */
  private readonly verified = new Map<string, TokenClaims & { expiresAt: number }>();

  /** `now` is the app's clock (buildApp's `now`), so issue and expiry follow the same time as everything else. */
  constructor(
    secret: string,
    readonly now: () => Date = () => new Date(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: TokenClaims): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ ver: claims.tokenVersion, ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      // A unique id, so two tokens issued in the same second are still different tokens.
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
      .sign(this.key);
  }

  /** The claims of a well-signed, unexpired HS256 token; null for anything else (alg none included). */
  async read(token: string): Promise<TokenClaims | null> {
    const nowSeconds = this.now().getTime() / 1000;
    const known = this.verified.get(token);
    if (known) {
      // Expired the way jose counts it: no longer valid from the second `exp` names.
      if (known.expiresAt <= nowSeconds) {
        this.verified.delete(token);
        return null;
      }
      return { userId: known.userId, tokenVersion: known.tokenVersion, sessionId: known.sessionId };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: this.now() });
      const userId = Number(payload.sub);
      const tokenVersion = payload.ver;
      const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
      if (!Number.isInteger(userId) || typeof tokenVersion !== 'number' || typeof payload.exp !== 'number') return null;
      this.remember(token, { userId, tokenVersion, sessionId, expiresAt: payload.exp });
      return { userId, tokenVersion, sessionId };
    } catch {
      return null;
    }
  }

  private remember(token: string, entry: TokenClaims & { expiresAt: number }): void {
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      // A Map iterates in insertion order: the first key is the oldest entry.
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, entry);
  }
}
