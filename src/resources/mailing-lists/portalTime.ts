import { DAY_TIME_STYLE, dateFormat, isolated } from '../../i18n/format';
import { PORTAL_TIME_ZONE } from '../../../shared/mailing/deliverability';

/**
 * A scheduled send's time on Johannesburg's clock (the zone it was entered in), whatever the
 * browser's zone; isolated inside right-to-left text as formatDateTime does.
 */
export function formatPortalDateTime(iso: string | Date): string {
  return isolated(dateFormat({ ...DAY_TIME_STYLE, timeZone: PORTAL_TIME_ZONE }).format(new Date(iso)));
}

/** The day and hour without the year, on the same clock: short enough for a chart's time axis. */
export function formatPortalHour(iso: string | Date): string {
  const { year: _year, ...style } = DAY_TIME_STYLE;
  return isolated(dateFormat({ ...style, timeZone: PORTAL_TIME_ZONE }).format(new Date(iso)));
}
