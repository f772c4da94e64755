import type { TranslateFunction } from 'react-admin';
import { replacePlaceholders } from '../../../shared/mailing/placeholders';

/**
 * A send's subject as the report shows it: each placeholder as the name of the field it stands for,
 * in brackets ("Your membership ends on [Membership expiry]"), as the template editor names them.
 * Not a recipient's subject as sent: each member got their own, and one member's date or name
 * would read as if it were everyone's; the raw `{{membership_expires_at}}` means nothing to a reader.
 */
export function readableSubject(subject: string, translate: TranslateFunction): string {
  return replacePlaceholders(subject, (key) => `[${translate(`mailing.placeholders.keys.${key}`, { _: key })}]`);
}
