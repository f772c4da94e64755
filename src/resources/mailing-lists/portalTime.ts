import { DAY_TIME_STYLE, dateFormat } from '../../i18n/format';
import { PORTAL_TIME_ZONE } from '../../../shared/mailing/deliverability';


/**
 * A scheduled send's time on Johannesburg's clock (the zone it was entered in), whatever the
 * browser's zone; isolated inside right-to-left text as formatDateTime does.
 */
export function formatPortalDateTime(iso: string | Date): string {
  const text = dateFormat({ ...DAY_TIME_STYLE, timeZone: PORTAL_TIME_ZONE }).format(new Date(iso));
  return typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? `\u2068${text}\u2069` : text;
}
