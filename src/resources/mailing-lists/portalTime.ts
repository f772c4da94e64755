import { FORMAT_LOCALE } from '../../i18n/format';
import { PORTAL_TIME_ZONE } from '../../../shared/mailing/deliverability';

const portalDateTime = new Intl.DateTimeFormat(FORMAT_LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: PORTAL_TIME_ZONE });

/**
 * A scheduled send's time on Johannesburg's clock (the zone it was entered in), whatever the
 * browser's zone; isolated inside right-to-left text as formatDateTime does.
 */
export function formatPortalDateTime(iso: string | Date): string {
  const text = portalDateTime.format(new Date(iso));
  return typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? `\u2068${text}\u2069` : text;
}
