import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../server/auth/secretBox';
import { acceptedStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpCode } from '../../server/auth/totp';

describe('the TOTP secrets at rest (SecretBox)', () => {
  const box = new SecretBox('a-secret-of-the-environment-0123456789');
  it('opens what it sealed, for the same owner only, and never shows the plain text', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user:1:totp');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'user:1:totp')).not.toBe(sealed);
    expect(box.open(sealed, 'user:1:totp')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user:2:totp')).toBeNull();
    expect(new SecretBox('another-secret-of-the-environment-012345').open(sealed, 'user:1:totp')).toBeNull();
    expect(box.open('v1:garbage', 'user:1:totp')).toBeNull();
  });
});

describe('TOTP codes (RFC 6238)', () => {
  const secret = newTotpSecret();
  const at = new Date('2026-11-25T12:00:10Z');
  const step = Math.floor(at.getTime() / 30_000);
  it('accepts the current code and one step either side, once: never a step at or before the last one used', () => {
    expect(acceptedStep(secret, totpCode(secret, at), at, null)).toBe(step);
    expect(acceptedStep(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at, null)).toBe(step - 1);
    expect(acceptedStep(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at, null)).toBe(step + 1);
    expect(acceptedStep(secret, totpCode(secret, new Date(at.getTime() + 90_000)), at, null)).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, at), at, step)).toBeNull();
    expect(acceptedStep(secret, 'abcdef', at, null)).toBeNull();
  });

  it('the RFC 6238 test vector (SHA-1, 59 s): 287082', () => {
    // The RFC's key "12345678901234567890" in base32.
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', new Date(59_000))).toBe('287082');
  });

  it('makes ten different recovery codes, whose hash ignores case, spaces and dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect(recoveryCodeHash(codes[0]!.toUpperCase().replace(/-/g, ' '))).toBe(recoveryCodeHash(codes[0]!));
  });
});
