import { FunctionField, type RaRecord } from 'react-admin';
import { formatDay } from '../../i18n/formatDay';

/** A day column of a billing list (days travel as YYYY-MM-DD); `source` and `sortable` head the column as a field's would. */
export const DayColumn = ({ source }: { source: string; sortable?: boolean }) => (
  <FunctionField source={source} render={(record: RaRecord) => (record[source] ? formatDay(record[source] as string) : '—')} />
);
