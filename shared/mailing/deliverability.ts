/**
 * Soft bounces (a full mailbox, a server that is down for a while) an address may have before list
 * mail counts it undeliverable: the server applies it, the member's page says how close it is.
 */
export const SOFT_BOUNCE_LIMIT = 3;

/** Where the business is: scheduled sends are entered and shown in this zone, whatever the browser's. */
export const PORTAL_TIME_ZONE = 'Africa/Johannesburg';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: PORTAL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The zone's wall clock at an instant, as numbers. */
function wallClock(instant: Date) {
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.formatToParts(instant).find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** How far the zone's clock is ahead of UTC at an instant (ms). */
function offsetAt(instant: Date): number {
  const c = wallClock(instant);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * A `datetime-local` value (`2026-12-01T09:30`) read as the portal zone's wall clock, as an ISO
 * instant; null when it is not one. The offset is looked up, not assumed (+02:00 today).
 */
export function portalLocalToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(naive)) return null;
  const instant = new Date(naive - offsetAt(new Date(naive)));
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** An instant as a `datetime-local` value on the portal zone's wall clock (for the input's min). */
export function isoToPortalLocal(iso: string | Date): string {
  const c = wallClock(new Date(iso));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${c.year}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}`;
}
