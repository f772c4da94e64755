import { useEffect, useState } from 'react';
import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { readDate, writeDate } from '../../i18n/dateText';
import { centsToRandText, randToCents } from './money';

/**
 * Amounts and dates are left-to-right text: in a right-to-left page an input would reorder them
 * (`1 250,00` shown as `250,00 1`). The input stays left-to-right, aligned to the page's side
 * (an inline style: the theme's right-to-left plugin would flip an `sx` alignment back).
 */
const leftToRight = () => ({
  dir: 'ltr',
  style: { textAlign: typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'right' : 'left' } as const,
});

type Common = Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'type'> & {
  /** A problem the server found with this field. */
  serverError?: string;
};

/**
 * An amount of rand typed as people write it (`1 234,56` or `1234.56`), kept by the caller as
 * integer cents (null while it is not an amount). What is typed stays as typed.
 */
export function MoneyField({
  value,
  onChange,
  serverError,
  helperText,
  ariaLabel,
  ...props
}: Common & { value: number | null; onChange: (cents: number | null) => void; /** Names a field without a visible label (a table cell). */ ariaLabel?: string }) {
  const translate = useTranslate();
  const [text, setText] = useState(value === null ? '' : centsToRandText(value));
  // A value set from outside (a "pay in full" button) shows; typing does not fight it.
  useEffect(() => {
    if (value !== randToCents(text)) setText(value === null ? '' : centsToRandText(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const invalid = text.trim() !== '' && randToCents(text) === null;
  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(randToCents(event.target.value));
      }}
      error={invalid || Boolean(serverError)}
      helperText={invalid ? translate('billing.form.invalid_amount') : serverError || helperText}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">R</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-label': ariaLabel, ...leftToRight() },
      }}
    />
  );
}

/**
 * A day typed in the portal's date style ("31 Jul 2027", also 2027/07/31 or 31/07/2027), kept by
 * the caller as YYYY-MM-DD (null while it is not a whole date): the same reading as the back
 * office's date inputs, outside a react-admin form.
 */
export function DayField({ value, onChange, serverError, helperText, ...props }: Common & { value: string | null; onChange: (day: string | null) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState(value ? writeDate(value) : '');
  useEffect(() => {
    if (value !== readDate(text)) setText(value ? writeDate(value) : '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const example = writeDate('2027-07-31');
  const invalid = text.trim() !== '' && readDate(text) === null;
  const hint = translate('app.dates.date_hint', { example });
  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(readDate(event.target.value));
      }}
      error={invalid || Boolean(serverError)}
      helperText={invalid ? translate('app.dates.invalid_date', { example }) : serverError || (helperText ? `${helperText} · ${hint}` : hint)}
      slotProps={{ htmlInput: { autoComplete: 'off', ...leftToRight() } }}
    />
  );
}

type TextProps = Common & { value: string; onChange: (text: string) => void };

/** A reason printed on a document or read by a member: at least `min` characters, at most 500. */
export function ReasonField({ value, onChange, serverError, min = 3, ...props }: TextProps & { min?: number }) {
  const translate = useTranslate();
  return (
    <TextField
      name="reason"
      required
      multiline
      minRows={2}
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(serverError)}
      helperText={serverError ?? translate('billing.form.reason_hint', { min })}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}

/** The bank reference of a payment, as the payer gave it. */
export function ReferenceField({ value, onChange, serverError, helperText, ...props }: TextProps) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate('resources.payments.fields.reference')}
      name="reference"
      required
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(serverError)}
      helperText={serverError ?? helperText}
      slotProps={{ htmlInput: { maxLength: 100, dir: 'auto' } }}
    />
  );
}
