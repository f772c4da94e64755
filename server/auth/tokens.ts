import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Access tokens live 15 minutes; the SPA refreshes every 5 (SPEC §9). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

export class TokenService {
  private readonly key: Uint8Array;

  /** `now` is the app's clock (buildApp's `now`), so issue and expiry follow the same time as everything else. */
  constructor(
    secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: TokenClaims): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ ver: claims.tokenVersion })
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: this.now() });
      const userId = Number(payload.sub);
      const tokenVersion = payload.ver;
      if (!Number.isInteger(userId) || typeof tokenVersion !== 'number') return null;
      return { userId, tokenVersion };
    } catch {
      return null;
    }
  }
}
