import { describe, expect, it } from 'vitest';
import { isoToPortalLocal, portalLocalToIso } from '../../shared/mailing/deliverability';

/** Scheduled sends are entered on Johannesburg's clock (UTC+2, no daylight saving), whatever the browser's zone. */
describe('the portal time zone (Africa/Johannesburg)', () => {
  it('reads a datetime-local value as Johannesburg wall-clock time', () => {
    expect(portalLocalToIso('2026-12-01T09:30')).toBe('2026-12-01T07:30:00.000Z');
    // Midnight there is the evening before in UTC.
    expect(portalLocalToIso('2027-01-01T00:15')).toBe('2026-12-31T22:15:00.000Z');
  });

  it('answers null for what is not a date and time', () => {
    for (const value of ['', 'tomorrow', '2026-12-01', '2026-12-01 09:30', '2026-13-45T99:99x']) expect(portalLocalToIso(value), value).toBeNull();
  });

  it('shows an instant on the Johannesburg clock, and back again', () => {
    expect(isoToPortalLocal('2026-12-01T07:30:00.000Z')).toBe('2026-12-01T09:30');
    expect(isoToPortalLocal('2026-12-31T22:15:00Z')).toBe('2027-01-01T00:15');
    expect(portalLocalToIso(isoToPortalLocal('2026-06-15T13:05:00.000Z'))).toBe('2026-06-15T13:05:00.000Z');
  });
});
