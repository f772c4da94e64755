import { FunctionField, type FunctionFieldProps } from 'react-admin';
import { formatMoney } from '../../i18n/format';

/** A price in cents shown as rand (en-ZA). */
export function PriceField(props: Omit<FunctionFieldProps, 'render'>) {
  return <FunctionField textAlign="right" {...props} render={(record) => (record?.[props.source ?? 'price'] == null ? '' : formatMoney(record[props.source ?? 'price']))} />;
}
