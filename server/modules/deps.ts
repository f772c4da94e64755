import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { TokenService } from '../auth/tokens';
import type { SecretBox } from '../auth/secretBox';
import type { Mailer } from '../mail/mailer';
import type { JobWorker } from '../jobs/worker';

/** What every domain module receives from buildApp: the same instances, so tests can swap them. */
export interface ModuleDeps {
  db: Db;
  /**
   * The database a list, statistics or export call of this request reads from: a replica when
   * there is one and the caller has not just written (server/http/readAfterWrite.ts), else `db`.
   * Writes, and reads that decide a write, always use `db`.
   */
  reads: (request: FastifyRequest) => Db;
  tokens: TokenService;
  /** Encrypts what must be read back (TOTP secrets). */
  secrets: SecretBox;
  mailer: Mailer;
  /** Base of the links put in emails (reset, tracking, membership completion). */
  publicUrl: string;
  now: () => Date;
  /** Folder of uploaded files (banner images under `banners/`). */
  uploadsDir: string;
  /** Campaign mail per second across one send (0: no limit). */
  mailRatePerSecond: number;
  /** The background worker: `wake()` after committing a queued job delivers it without waiting for the poll. */
  jobs: JobWorker;
  /** How many days a membership completion link works (config MEMBERSHIP_TOKEN_DAYS). */
  membershipTokenDays: number;
  /** Days after which a lead that never became a member is anonymised (config LEAD_RETENTION_DAYS). */
  leadRetentionDays: number;
  /** Which addresses outgoing webhooks may reach (config WEBHOOK_ALLOWED_HOSTS lets private ones through). */
  webhookAddresses: AddressPolicy;
  /** At most `cap` campaign mails per sliding window of `seconds`, across every send and instance (cap 0: none). */
  mailWindow: { cap: number; seconds: number };
  /** The bounce webhook's HMAC secret (BOUNCE_WEBHOOK_SECRET); null: the webhook is off (404). */
  bounceWebhookSecret: string | null;
  /** The courier webhook's HMAC secret (COURIER_WEBHOOK_SECRET); null: the webhook is off (404). */
  courierWebhookSecret: string | null;
  /** The mailbox bounce reports are read from (BOUNCE_IMAP_URL); null: none is read. */
  bounceMailbox: BounceMailbox | null;
  /** The app's logger, for background work that has no request to log through. */
  log: AppLog;
  /** PayFast's merchant account (PAYFAST_*); null: no real online payment. */
  payfast: PayfastSettings | null;
  /** Without PayFast settings outside production: the portal's own test gateway stands in for PayFast. */
  payfastTestGateway: boolean;
  /** Resolves PayFast's host names to the addresses its notifications may come from (default: DNS). */
  payfastLookup?: Lookup;
  /** PayFast notifications still being worked on after their 200 went out (awaited at close). */
  payfastInFlight: InFlight;
}

/** PAYFAST_MERCHANT_ID, PAYFAST_MERCHANT_KEY, PAYFAST_PASSPHRASE (may be empty) and PAYFAST_URL. */
export interface PayfastSettings {
  merchantId: string;
  merchantKey: string;
  passphrase: string;
  /** https://www.payfast.co.za, or https://sandbox.payfast.co.za; no trailing slash. */
  url: string;
}

/** Work started by a request that answered before it finished: its close (and a test) waits for it. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();
  track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    void settled.then(() => this.running.delete(settled));
  }
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}

/*
 * The shapes of the settings above, here rather than in the modules that use them: every module
 * imports this file, so it imports none of them.
 */

/** What background work writes to the log: the app's logger (pino), or a test's. */
export interface AppLog {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

/** Every address a name resolves to (what a connection would use). */
export type Lookup = (host: string) => Promise<string[]>;

/** Where the portal itself listens (HOST, PORT): a webhook there would make the portal call itself. */
export interface OwnAddress {
  host: string;
  port: number;
}

export interface AddressPolicy {
  /**
   * WEBHOOK_ALLOWED_HOSTS: `host` (ports 80 and 443 only) or `host:port` (`[v6]:port`) reached
   * even though private.
   */
  allowedHosts: readonly string[];
  /** The portal's own listening address: never reached, whatever the list says. */
  own?: OwnAddress | null;
  lookup?: Lookup;
}

/**
 * The mailbox delivery-status notifications arrive in (BOUNCE_IMAP_URL), as
 * crm/mailing/bounceMailboxSettings.ts reads it from the configuration.
 */
export interface BounceMailbox {
  host: string;
  port: number;
  /** imaps: TLS from the start; imap: STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** The folder to read, INBOX unless the URL's path names another. */
  mailbox: string;
  /** How often the whole cluster reads it (BOUNCE_IMAP_POLL_SECONDS). */
  pollSeconds: number;
}
