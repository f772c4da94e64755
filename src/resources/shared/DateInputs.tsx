import { TextInput, useTranslate, type TextInputProps, type Validator } from 'react-admin';
import { readDate, readDateTime, writeDate, writeDateTime } from '../../i18n/dateText';

/** A stored value: an ISO date (`2027-07-31`) or instant (`2027-07-31T23:59:59.000Z`). */
const isStored = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value);
/** The field's own hint, if any, then how to write the date. */
const withHint = (own: TextInputProps['helperText'], hint: string, translate: (key: string) => string) =>
  typeof own === 'string' && own ? `${translate(own)} · ${hint}` : hint;
const asArray = (validate: TextInputProps['validate']): Validator[] => (validate ? (Array.isArray(validate) ? validate : [validate]) : []);

interface PortalDateInputProps extends Omit<TextInputProps, 'parse' | 'format' | 'type'> {
  /** What the form keeps for the day typed (`YYYY-MM-DD`), e.g. an instant at the end of that day. */
  toValue?: (isoDate: string) => unknown;
}

/**
 * The portal's date input: a text field that reads and writes the en-ZA date style
 * ("31 Jul 2027", also taking 2027/07/31 and 31/07/2027) instead of a native date input, whose
 * format follows the browser's locale. What is typed stays as typed until it is a whole date; a
 * text that is not one is a field error and is never sent (a filter form does not submit it).
 */
export function PortalDateInput({ toValue = (isoDate) => isoDate, validate, helperText, ...props }: PortalDateInputProps) {
  const translate = useTranslate();
  const example = writeDate('2027-07-31');
  const wholeDate: Validator = (value) => (value && !isStored(value) ? translate('app.dates.invalid_date', { example }) : undefined);
  return (
    <TextInput
      {...props}
      validate={[wholeDate, ...asArray(validate)]}
      helperText={withHint(helperText, translate('app.dates.date_hint', { example }), translate)}
      format={(value) => (isStored(value) ? writeDate(value) : (value ?? ''))}
      parse={(text: string) => {
        if (!text.trim()) return null;
        const day = readDate(text);
        return day ? toValue(day) : text;
      }}
    />
  );
}

/** The same for a date and a time ("31 Jul 2027, 19:40", 24-hour), kept as an ISO instant. */
export function PortalDateTimeInput({ validate, helperText, ...props }: Omit<TextInputProps, 'parse' | 'format' | 'type'>) {
  const translate = useTranslate();
  const example = writeDateTime(new Date(2027, 6, 31, 19, 40));
  const whole: Validator = (value) => (value && !isStored(value) ? translate('app.dates.invalid_date_time', { example }) : undefined);
  return (
    <TextInput
      {...props}
      validate={[whole, ...asArray(validate)]}
      helperText={withHint(helperText, translate('app.dates.date_time_hint', { example }), translate)}
      format={(value) => (isStored(value) ? writeDateTime(value) : (value ?? ''))}
      parse={(text: string) => {
        if (!text.trim()) return null;
        const instant = readDateTime(text);
        return instant ? instant.toISOString() : text;
      }}
    />
  );
}
