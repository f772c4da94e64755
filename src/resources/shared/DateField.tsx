import { Typography } from '@mui/material';
import { useFieldValue, useTranslate, type DateFieldProps } from 'react-admin';
import { formatDate, formatDateTime } from '../../i18n/format';

/**
 * react-admin's DateField with the portal's one date style and one date-time style:
 * its own formats its value with the browser's `toLocale*String`, so lists showed `2027/07/31`
 * where the detail pages (src/i18n/format.ts) show `31 Jul 2027`. Same props, same place in a
 * Datagrid (source, label, sortable), so a list only changes where it imports it from.
 */
export function DateField({ showTime = false, emptyText, className, source, record, defaultValue }: DateFieldProps) {
  const translate = useTranslate();
  const value = useFieldValue({ source, record, defaultValue }) as string | Date | null | undefined;
  const empty = value === null || value === undefined || value === '';
  if (empty && !emptyText) return null;
  return (
    <Typography component="span" variant="body2" className={className}>
      {empty ? translate(emptyText!, { _: emptyText }) : showTime ? formatDateTime(value) : formatDate(value)}
    </Typography>
  );
}
