import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MAX_STREAMS_PER_USER } from './events/hub';
import { type BounceMailbox, bounceMailboxFromUrl } from './modules/crm/mailing/bounceMailboxSettings';
import type { PayfastSettings } from './modules/deps';

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Set: a PostgreSQL server; unset: the embedded PGlite database in dataDir. */
  databaseUrl: string | null;
  /** DB_POOL_SIZE; unset: sized from the machine (server/db/client.ts). */
  poolSize?: number;
  /** DATABASE_DIRECT_URL: the server behind DATABASE_URL's pooler (migrations, LISTEN). */
  directUrl: string | null;
  /** DATABASE_READ_URL: a streaming replica for lists, statistics and exports. */
  readUrl: string | null;
  jwtSecret: string;
  /** TWO_FACTOR_KEY: the key TOTP secrets are encrypted with; null: derived from JWT_SECRET. */
  twoFactorKey: string | null;
  /** Unset: mail goes to the outbox table. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Where links in emails point (reset password, membership completion). */
  publicUrl: string;
  /** Folder of the built SPA. */
  distDir: string;
  seedDemo: boolean;
  /** How many days an emailed membership completion link works (MEMBERSHIP_TOKEN_DAYS, default 14). */
  membershipTokenDays: number;
  /** Days after which a lead that never became a member is anonymised (LEAD_RETENTION_DAYS, default 365). */
  leadRetentionDays: number;
  /** Campaign mail per second across a send (MAIL_RATE_PER_SECOND, default 50; 0 = unlimited). */
  mailRatePerSecond: number;
  /** Other origins whose pages may call the API (CORS_ORIGINS); empty, the default: CORS closed. */
  corsOrigins: string[];
  /** Open live-event streams per user on one instance (LIVE_STREAMS_PER_USER, default 5: a tab each). */
  liveStreamsPerUser: number;
  /** WEBHOOK_ALLOWED_HOSTS: hosts outgoing webhooks may reach although private (a local receiver). */
  webhookAllowedHosts: string[];
  /** MAIL_WINDOW_CAP and MAIL_WINDOW_SECONDS: at most `cap` campaign mails per sliding window on the whole cluster; cap 0 = no cap. */
  mailWindow: { cap: number; seconds: number };
  /** BOUNCE_WEBHOOK_SECRET: signs bounce webhooks (api/webhooks/bounce); null: the webhook answers 404. */
  bounceWebhookSecret: string | null;
  /** COURIER_WEBHOOK_SECRET: signs courier tracking events (api/webhooks/courier); null: the webhook answers 404. */
  courierWebhookSecret: string | null;
  /** BOUNCE_IMAP_URL and BOUNCE_IMAP_POLL_SECONDS: the mailbox bounce reports are read from; null: not read. */
  bounceMailbox: BounceMailbox | null;
  /** PAYFAST_MERCHANT_ID, PAYFAST_MERCHANT_KEY, PAYFAST_PASSPHRASE, PAYFAST_URL; null: none set (the test gateway outside production). */
  payfast: PayfastSettings | null;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function portFrom(env: Env): number {
  const raw = env.PORT ?? '3000';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function urlFrom(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => p + '//').join(' or ')}`);
  }
  return raw;
}

/**
 * The signing secret. Outside production it is generated once and kept in the data folder, so a
 * fresh clone runs with no set-up and tokens survive restarts; production must be given one,
 * because a secret on the application's disk is not a secret shared by several instances.
 */
function jwtSecretFrom(env: Env, production: boolean, dataDir: string): string {
  const given = env.JWT_SECRET;
  if (given) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
    return given;
  }
  if (production) {
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production (at least 32 characters)');
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** TWO_FACTOR_KEY, when set, keeps the TOTP secrets' key apart from the signing secret (rotating one leaves the other). */
function twoFactorKeyFrom(env: Env): string | null {
  const given = env.TWO_FACTOR_KEY;
  if (!given) return null;
  if (given.length < 32) throw new ConfigError('TWO_FACTOR_KEY must be at least 32 characters');
  return given;
}

function membershipTokenDaysFrom(env: Env): number {
  const raw = env.MEMBERSHIP_TOKEN_DAYS ?? '14';
  const days = Number(raw);
  if (!/^\d+$/.test(raw) || days < 1 || days > 365) {
    throw new ConfigError(`MEMBERSHIP_TOKEN_DAYS must be a whole number of days from 1 to 365, got "${raw}"`);
  }
  return days;
}

/** LEAD_RETENTION_DAYS: POPIA s14, a lead is kept only as long as it may still become a member. */
function leadRetentionDaysFrom(env: Env): number {
  const raw = env.LEAD_RETENTION_DAYS ?? '365';
  const days = Number(raw);
  if (!/^\d+$/.test(raw) || days < 1 || days > 3650) {
    throw new ConfigError(`LEAD_RETENTION_DAYS must be a whole number of days from 1 to 3650, got "${raw}"`);
  }
  return days;
}

function liveStreamsFrom(env: Env): number {
  const raw = env.LIVE_STREAMS_PER_USER ?? String(MAX_STREAMS_PER_USER);
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || count < 1 || count > 10_000) {
    throw new ConfigError(`LIVE_STREAMS_PER_USER must be a whole number from 1 to 10000, got "${raw}"`);
  }
  return count;
}

function mailRateFrom(env: Env): number {
  const raw = env.MAIL_RATE_PER_SECOND ?? '50';
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 0) {
    throw new ConfigError(`MAIL_RATE_PER_SECOND must be a number of messages per second, 0 for no limit, got "${raw}"`);
  }
  return rate;
}

/**
 * MAIL_WINDOW_CAP (default 0: none) and MAIL_WINDOW_SECONDS (default 3600): a provider's "N per
 * hour" quota, beside the per-second rate.
 */
function mailWindowFrom(env: Env): { cap: number; seconds: number } {
  const rawCap = env.MAIL_WINDOW_CAP ?? '0';
  const rawSeconds = env.MAIL_WINDOW_SECONDS ?? '3600';
  if (!/^\d+$/.test(rawCap) || Number(rawCap) > 100_000_000) {
    throw new ConfigError(`MAIL_WINDOW_CAP must be a whole number of messages, 0 for no cap, got "${rawCap}"`);
  }
  if (!/^\d+$/.test(rawSeconds) || Number(rawSeconds) < 1 || Number(rawSeconds) > 31 * 86_400) {
    throw new ConfigError(`MAIL_WINDOW_SECONDS must be a whole number of seconds from 1 to 2678400, got "${rawSeconds}"`);
  }
  return { cap: Number(rawCap), seconds: Number(rawSeconds) };
}

/**
 * An inbound webhook's HMAC secret (BOUNCE_WEBHOOK_SECRET shared with the mail provider,
 * COURIER_WEBHOOK_SECRET with the courier): short secrets can be guessed from signed requests.
 */
function webhookSecretFrom(env: Env, name: 'BOUNCE_WEBHOOK_SECRET' | 'COURIER_WEBHOOK_SECRET'): string | null {
  const given = env[name];
  if (!given) return null;
  if (given.length < 16) throw new ConfigError(`${name} must be at least 16 characters`);
  return given;
}

/** BOUNCE_IMAP_URL (unset: no mailbox is read) and BOUNCE_IMAP_POLL_SECONDS (default 60). */
function bounceMailboxFrom(env: Env): BounceMailbox | null {
  const raw = env.BOUNCE_IMAP_URL;
  const rawSeconds = env.BOUNCE_IMAP_POLL_SECONDS ?? '60';
  if (!/^\d+$/.test(rawSeconds) || Number(rawSeconds) < 5 || Number(rawSeconds) > 86_400) {
    throw new ConfigError(`BOUNCE_IMAP_POLL_SECONDS must be a whole number of seconds from 5 to 86400, got "${rawSeconds}"`);
  }
  if (!raw) return null;
  try {
    return bounceMailboxFromUrl(raw, Number(rawSeconds));
  } catch (error) {
    throw new ConfigError(`BOUNCE_IMAP_URL ${(error as Error).message}`);
  }
}

/**
 * PayFast's merchant account: the id and key together or neither; the passphrase as set on the
 * account (empty when it has none); PAYFAST_URL the live site by default, the sandbox for tests.
 */
function payfastFrom(env: Env): PayfastSettings | null {
  const merchantId = env.PAYFAST_MERCHANT_ID?.trim() ?? '';
  const merchantKey = env.PAYFAST_MERCHANT_KEY?.trim() ?? '';
  if (!merchantId && !merchantKey) return null;
  if (!merchantId || !merchantKey) throw new ConfigError('PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY must be set together');
  if (!/^\d+$/.test(merchantId)) throw new ConfigError(`PAYFAST_MERCHANT_ID must be PayFast's number for the account, got "${merchantId}"`);
  const url = (urlFrom(env, 'PAYFAST_URL', ['https:', 'http:']) ?? 'https://www.payfast.co.za').replace(/\/+$/, '');
  return { merchantId, merchantKey, passphrase: env.PAYFAST_PASSPHRASE?.trim() ?? '', url };
}

/** `CORS_ORIGINS=https://a.example,https://b.example`: exact origins (scheme, host, port), nothing else. */
function corsOriginsFrom(env: Env): string[] {
  const raw = env.CORS_ORIGINS?.trim();
  if (!raw) return [];
  return raw.split(',').map((entry) => {
    const origin = entry.trim();
    let url: URL | null = null;
    try {
      url = new URL(origin);
    } catch {
      url = null;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== origin) {
      throw new ConfigError(`CORS_ORIGINS must be a comma-separated list of origins like https://shop.example.com (no path, no *), got "${origin}"`);
    }
    return origin;
  });
}

/**
 * `WEBHOOK_ALLOWED_HOSTS=127.0.0.1:8080,hooks.internal`: `host` or `host:port` (`[v6]:port`; a
 * bare IPv6 address has no port) that webhook endpoints may use even though they are loopback or
 * private — a receiver on the same machine or network. A bare host allows ports 80 and 443 only.
 * Anything else private, and the portal's own address always, is refused
 * (server/modules/webhooks/addressGuard.ts).
 */
function webhookAllowedHostsFrom(env: Env): string[] {
  const raw = env.WEBHOOK_ALLOWED_HOSTS?.trim();
  if (!raw) return [];
  return raw.split(',').map((entry) => {
    const text = entry.trim().toLowerCase();
    const refuse = () =>
      new ConfigError(`WEBHOOK_ALLOWED_HOSTS must be a comma-separated list of host or host:port entries (IPv6 as [address]:port; no scheme or *), got "${entry.trim()}"`);
    const match = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/.exec(text) ?? /^([a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(text) ?? /^([0-9a-f.]*:[0-9a-f:.]*)()$/.exec(text);
    if (!match) throw refuse();
    const [, host, port] = match;
    if (!host || host.startsWith('.') || host.startsWith('-') || (port && (Number(port) < 1 || Number(port) > 65535))) throw refuse();
    if (!port) return host;
    return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  });
}

/** DB_POOL_SIZE: PostgreSQL connections per instance; unset, the database layer sizes it from the machine. */
function poolSizeFrom(env: Env): number | undefined {
  const raw = env.DB_POOL_SIZE;
  if (raw === undefined || raw === '') return undefined;
  const size = Number(raw);
  if (!/^\d+$/.test(raw) || size < 1 || size > 1000) {
    throw new ConfigError(`DB_POOL_SIZE must be a whole number of connections from 1 to 1000, got "${raw}"`);
  }
  return size;
}

/** Where the data is: what the database commands (db:migrate, db:backup, db:restore) need of the configuration. */
export function databaseConfig(env: Env = process.env): Pick<Config, 'dataDir' | 'databaseUrl' | 'poolSize' | 'directUrl' | 'readUrl'> {
  const postgres = ['postgres:', 'postgresql:'];
  const databaseUrl = urlFrom(env, 'DATABASE_URL', postgres);
  const directUrl = urlFrom(env, 'DATABASE_DIRECT_URL', postgres);
  const readUrl = urlFrom(env, 'DATABASE_READ_URL', postgres);
  for (const [name, value] of [['DATABASE_DIRECT_URL', directUrl], ['DATABASE_READ_URL', readUrl]] as const) {
    if (value && !databaseUrl) throw new ConfigError(`${name} is set but DATABASE_URL is not: the embedded database has no pooler and no replica`);
  }
  return { dataDir: resolve(env.DATA_DIR ?? './data'), databaseUrl, poolSize: poolSizeFrom(env), directUrl, readUrl };
}

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = portFrom(env);
  const { dataDir, databaseUrl, poolSize, directUrl, readUrl } = databaseConfig(env);
  const smtpUrl = urlFrom(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const publicUrl = urlFrom(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  return {
    production,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    poolSize,
    directUrl,
    readUrl,
    jwtSecret: jwtSecretFrom(env, production, dataDir),
    twoFactorKey: twoFactorKeyFrom(env),
    smtpUrl,
    mailFrom: env.MAIL_FROM ?? 'Members Portal <no-reply@localhost>',
    publicUrl: publicUrl.replace(/\/$/, ''),
    distDir: resolve(env.DIST_DIR ?? './dist'),
    seedDemo: !production && env.SEED_DEMO !== 'false',
    membershipTokenDays: membershipTokenDaysFrom(env),
    leadRetentionDays: leadRetentionDaysFrom(env),
    mailRatePerSecond: mailRateFrom(env),
    liveStreamsPerUser: liveStreamsFrom(env),
    corsOrigins: corsOriginsFrom(env),
    webhookAllowedHosts: webhookAllowedHostsFrom(env),
    bounceWebhookSecret: webhookSecretFrom(env, 'BOUNCE_WEBHOOK_SECRET'),
    courierWebhookSecret: webhookSecretFrom(env, 'COURIER_WEBHOOK_SECRET'),
    bounceMailbox: bounceMailboxFrom(env),
    mailWindow: mailWindowFrom(env),
    payfast: payfastFrom(env),
  };
}
