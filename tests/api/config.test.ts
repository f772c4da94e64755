import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { defaultPoolSize } from '../../server/db/client';

const GOOD_SECRET = 'a-production-secret-of-more-than-32-characters';
const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-config-'));
  temps.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig in production', () => {
  it('throws a ConfigError without JWT_SECRET', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(/JWT_SECRET/);
    // And it did not fall back to writing a secret file.
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('throws a ConfigError for a short JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short-secret', DATA_DIR: tempDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(31), DATA_DIR: tempDir() })).toThrow(/at least 32/);
  });

  it('uses a good JWT_SECRET and seeds no demo data', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, DATA_DIR: tempDir() });
    expect(config.jwtSecret).toBe(GOOD_SECRET);
    expect(config.production).toBe(true);
    expect(config.seedDemo).toBe(false);
  });
});

describe('loadConfig embedded (not production)', () => {
  it('generates a secret file in DATA_DIR once and reuses it', () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.seedDemo).toBe(true);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);

    const elsewhere = loadConfig({ DATA_DIR: tempDir() });
    expect(elsewhere.jwtSecret).not.toBe(first.jwtSecret);
  });

  it('prefers a given JWT_SECRET and writes no file', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: GOOD_SECRET }).jwtSecret).toBe(GOOD_SECRET);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });
});

describe('loadConfig other settings', () => {
  const base = () => ({ JWT_SECRET: GOOD_SECRET, DATA_DIR: tempDir() });

  it('has sensible defaults', () => {
    const config = loadConfig(base());
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, smtpUrl: null, publicUrl: 'http://localhost:3000' });
  });

  it('reads DATABASE_URL, SMTP_URL, PUBLIC_URL (without a trailing slash), PORT, SEED_DEMO', () => {
    const config = loadConfig({
      ...base(),
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://portal.example.co.za/',
      SEED_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u:p@db:5432/portal',
      smtpUrl: 'smtp://mail:25',
      publicUrl: 'https://portal.example.co.za',
      seedDemo: false,
    });
  });

  it('refuses bad values with a ConfigError naming the variable', () => {
    expect(() => loadConfig({ ...base(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...base(), PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), DATABASE_URL: 'mysql://u@h/db' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...base(), DATABASE_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base(), PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...base(), DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
    expect(() => loadConfig({ ...base(), DB_POOL_SIZE: 'many' })).toThrow(/DB_POOL_SIZE/);
    expect(() => loadConfig({ ...base(), DATABASE_URL: 'postgres://u@bouncer:6432/p', DATABASE_DIRECT_URL: 'http://db' })).toThrow(/DATABASE_DIRECT_URL/);
    expect(() => loadConfig({ ...base(), DATABASE_READ_URL: 'postgres://u@replica:5432/p' })).toThrow(/DATABASE_READ_URL is set but DATABASE_URL is not/);
  });

  it('reads the pooler, the server behind it and the replica (DATABASE_URL, DATABASE_DIRECT_URL, DATABASE_READ_URL)', () => {
    const config = loadConfig({
      ...base(),
      DATABASE_URL: 'postgres://u:p@bouncer:6432/portal',
      DATABASE_DIRECT_URL: 'postgres://u:p@db:5432/portal',
      DATABASE_READ_URL: 'postgresql://u:p@replica:5432/portal',
    });
    expect(config).toMatchObject({ databaseUrl: 'postgres://u:p@bouncer:6432/portal', directUrl: 'postgres://u:p@db:5432/portal', readUrl: 'postgresql://u:p@replica:5432/portal' });
    expect(loadConfig(base())).toMatchObject({ directUrl: null, readUrl: null });
  });

  it('takes DB_POOL_SIZE as given, and otherwise leaves the pool to be sized from the machine (3 per core, 4 to 20)', () => {
    expect(loadConfig({ ...base(), DB_POOL_SIZE: '12' }).poolSize).toBe(12);
    expect(loadConfig(base()).poolSize).toBeUndefined();
    expect([1, 2, 3, 8].map((cores) => defaultPoolSize(cores))).toEqual([4, 6, 9, 20]);
  });
});

describe('CORS_ORIGINS', () => {
  it('is empty (CORS closed) unless set, takes exact origins, and stops the start on anything else', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).corsOrigins).toEqual([]);
    expect(loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: 'https://a.example, http://b.example:8080' }).corsOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    for (const bad of ['*', 'https://a.example/path', 'a.example', 'ftp://a.example']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe('WEBHOOK_ALLOWED_HOSTS', () => {
  it('is empty (every private address refused) unless set, takes host names and addresses, and stops the start on anything else', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).webhookAllowedHosts).toEqual([]);
    expect(loadConfig({ DATA_DIR: tempDir(), WEBHOOK_ALLOWED_HOSTS: '127.0.0.1, Hooks.Internal,[::1]' }).webhookAllowedHosts).toEqual(['127.0.0.1', 'hooks.internal', '::1']);
    // host:port, and an IPv6 address with a port in brackets.
    expect(loadConfig({ DATA_DIR: tempDir(), WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:8080,hooks.internal:9000,[::1]:8443,::1' }).webhookAllowedHosts).toEqual(['127.0.0.1:8080', 'hooks.internal:9000', '[::1]:8443', '::1']);
    for (const bad of ['*', 'http://127.0.0.1', '127.0.0.1:8080/x', 'a b', '.internal', '127.0.0.1:99999', '127.0.0.1:0', 'host:port']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), WEBHOOK_ALLOWED_HOSTS: bad }), bad).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
    }
  });
});

describe('TWO_FACTOR_KEY', () => {
  it('is optional (the TOTP secrets key is then derived from JWT_SECRET) and, when given, at least 32 characters', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, DATA_DIR: tempDir() }).twoFactorKey).toBeNull();
    const key = 'k'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, TWO_FACTOR_KEY: key, DATA_DIR: tempDir() }).twoFactorKey).toBe(key);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, TWO_FACTOR_KEY: 'k'.repeat(31), DATA_DIR: tempDir() })).toThrow(/TWO_FACTOR_KEY must be at least 32/);
  });
});

describe('the inbound webhook secrets and the sliding-window cap', () => {
  const env = (extra: Record<string, string>) => ({ NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, DATA_DIR: tempDir(), ...extra });

  it('leaves the bounce webhook off unless a secret of at least 16 characters is set', () => {
    expect(loadConfig(env({})).bounceWebhookSecret).toBeNull();
    expect(loadConfig(env({ BOUNCE_WEBHOOK_SECRET: 's'.repeat(16) })).bounceWebhookSecret).toBe('s'.repeat(16));
    expect(() => loadConfig(env({ BOUNCE_WEBHOOK_SECRET: 'short' }))).toThrow(/BOUNCE_WEBHOOK_SECRET must be at least 16/);
  });

  it('leaves the courier webhook off unless a secret of at least 16 characters is set, apart from the bounce secret', () => {
    expect(loadConfig(env({ BOUNCE_WEBHOOK_SECRET: 'b'.repeat(16) })).courierWebhookSecret).toBeNull();
    expect(loadConfig(env({ COURIER_WEBHOOK_SECRET: 'c'.repeat(16) })).courierWebhookSecret).toBe('c'.repeat(16));
    expect(() => loadConfig(env({ COURIER_WEBHOOK_SECRET: 'short' }))).toThrow(/COURIER_WEBHOOK_SECRET must be at least 16/);
  });

  it('has no window cap by default, reads MAIL_WINDOW_CAP and MAIL_WINDOW_SECONDS, and refuses bad values naming them', () => {
    expect(loadConfig(env({})).mailWindow).toEqual({ cap: 0, seconds: 3600 });
    expect(loadConfig(env({ MAIL_WINDOW_CAP: '500', MAIL_WINDOW_SECONDS: '86400' })).mailWindow).toEqual({ cap: 500, seconds: 86400 });
    for (const bad of ['-1', 'many', '1.5']) expect(() => loadConfig(env({ MAIL_WINDOW_CAP: bad })), bad).toThrow(/MAIL_WINDOW_CAP/);
    for (const bad of ['0', 'hour', '99999999']) expect(() => loadConfig(env({ MAIL_WINDOW_SECONDS: bad })), bad).toThrow(/MAIL_WINDOW_SECONDS/);
  });

  it('keeps leads 365 days by default, reads LEAD_RETENTION_DAYS and refuses bad values naming it', () => {
    expect(loadConfig(env({})).leadRetentionDays).toBe(365);
    expect(loadConfig(env({ LEAD_RETENTION_DAYS: '90' })).leadRetentionDays).toBe(90);
    for (const bad of ['0', '-5', 'year', '1.5', '99999']) expect(() => loadConfig(env({ LEAD_RETENTION_DAYS: bad })), bad).toThrow(/LEAD_RETENTION_DAYS/);
  });
});

describe('BOUNCE_IMAP_URL and BOUNCE_IMAP_POLL_SECONDS', () => {
  const env = (extra: Record<string, string>) => ({ NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, DATA_DIR: tempDir(), ...extra });

  it('reads no mailbox unless a URL is set; takes the user, password, folder and port from it; refuses bad values naming them', () => {
    expect(loadConfig(env({})).bounceMailbox).toBeNull();
    expect(loadConfig(env({ BOUNCE_IMAP_URL: 'imaps://bounce%40portal.test:p%3Ass%2Fw@mail.portal.test/Bounces%20In' })).bounceMailbox).toEqual({
      host: 'mail.portal.test',
      port: 993,
      secure: true,
      user: 'bounce@portal.test',
      password: 'p:ss/w',
      mailbox: 'Bounces In',
      pollSeconds: 60,
    });
    expect(loadConfig(env({ BOUNCE_IMAP_URL: 'imap://u:p@127.0.0.1:1143', BOUNCE_IMAP_POLL_SECONDS: '300' })).bounceMailbox).toMatchObject({ port: 1143, secure: false, mailbox: 'INBOX', pollSeconds: 300 });
    for (const bad of ['https://u:p@mail.test/', 'imap://mail.test/INBOX', 'imap://u@mail.test/', 'not a url']) {
      expect(() => loadConfig(env({ BOUNCE_IMAP_URL: bad })), bad).toThrow(/^BOUNCE_IMAP_URL /);
    }
    for (const bad of ['0', '4', 'minute', '86401']) expect(() => loadConfig(env({ BOUNCE_IMAP_POLL_SECONDS: bad })), bad).toThrow(/BOUNCE_IMAP_POLL_SECONDS/);
  });
});

describe('PayFast settings', () => {
  const base = { NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET };
  it('are none without a merchant, the live site by default, the sandbox when asked', () => {
    expect(loadConfig({ ...base, DATA_DIR: tempDir() }).payfast).toBeNull();
    expect(loadConfig({ ...base, DATA_DIR: tempDir(), PAYFAST_MERCHANT_ID: '10000100', PAYFAST_MERCHANT_KEY: '46f0cd694581a' }).payfast).toEqual({
      merchantId: '10000100',
      merchantKey: '46f0cd694581a',
      passphrase: '',
      url: 'https://www.payfast.co.za',
    });
    const sandbox = loadConfig({ ...base, DATA_DIR: tempDir(), PAYFAST_MERCHANT_ID: '10000100', PAYFAST_MERCHANT_KEY: 'k', PAYFAST_PASSPHRASE: 'jt7NOE43FZPn', PAYFAST_URL: 'https://sandbox.payfast.co.za/' }).payfast;
    expect(sandbox).toMatchObject({ passphrase: 'jt7NOE43FZPn', url: 'https://sandbox.payfast.co.za' });
  });

  it('refuse a merchant id without its key, and a URL that is not one', () => {
    expect(() => loadConfig({ ...base, DATA_DIR: tempDir(), PAYFAST_MERCHANT_ID: '10000100' })).toThrow(/PAYFAST_MERCHANT_KEY/);
    expect(() => loadConfig({ ...base, DATA_DIR: tempDir(), PAYFAST_MERCHANT_ID: '10000100', PAYFAST_MERCHANT_KEY: 'k', PAYFAST_URL: 'ftp://x' })).toThrow(/PAYFAST_URL/);
  });
});
