import type { BounceMailbox } from '../../deps';

/**
 * The mailbox delivery-status notifications arrive in (BOUNCE_IMAP_URL), read from the
 * configuration. Kept apart from the IMAP client so that reading the configuration does not load it.
 */
export type { BounceMailbox } from '../../deps';

/** `imaps://user:password@host:993/Bounces` as settings; throws a message naming what is wrong. */
export function bounceMailboxFromUrl(raw: string, pollSeconds: number): BounceMailbox {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('is not a valid URL');
  }
  if (url.protocol !== 'imap:' && url.protocol !== 'imaps:') throw new Error('must start with imap:// or imaps://');
  if (!url.hostname) throw new Error('must name the server');
  if (!url.username || !url.password) throw new Error('must carry the user and password (imaps://user:password@host/mailbox; percent-encode @ : / in them)');
  const secure = url.protocol === 'imaps:';
  const mailbox = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    mailbox,
    pollSeconds,
  };
}
