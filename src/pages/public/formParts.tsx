import { Alert, Box, Button, Link, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** The pieces every public form is made of, so the pages only say what they ask and do. */

/** The server's password rule (server/auth/passwords.ts), repeated only to answer before a round trip. */
export const MIN_PASSWORD_LENGTH = 12;

export function FormAlert({ message, severity = 'error' }: { message: string | null; severity?: 'error' | 'success' }) {
  if (!message) return null;
  return (
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'} sx={{ my: 2 }}>
      {message}
    </Alert>
  );
}

type FieldProps = Omit<TextFieldProps, 'onChange' | 'value'> & { value: string; onValue: (value: string) => void };

export function FormField({ onValue, ...props }: FieldProps) {
  return <TextField fullWidth margin="normal" {...props} onChange={(event) => onValue(event.target.value)} />;
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={busy}>
      {children}
    </Button>
  );
}

export function CenteredLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      <Link component={RouterLink} to={to}>
        {children}
      </Link>
    </Box>
  );
}

type SelectFieldProps = FieldProps & { options: { value: string; label: string }[]; placeholder?: string };

/**
 * A choice as a native select: keyboard- and phone-friendly, and no menu machinery in the public
 * bundle. `placeholder` is the empty first option of a choice nobody has made yet.
 */
export function SelectField({ options, placeholder, ...props }: SelectFieldProps) {
  return (
    <FormField select {...props} slotProps={{ ...props.slotProps, select: { native: true }, inputLabel: { shrink: true } }}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FormField>
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What is wrong with a new password and its repetition, before a round trip (empty when nothing). */
export function newPasswordProblems(password: string, confirmation: string, translate: Translate): { password?: string; confirmation?: string } {
  if (password.length < MIN_PASSWORD_LENGTH) return { password: translate('app.auth.password_too_short', { min: MIN_PASSWORD_LENGTH }) };
  if (password !== confirmation) return { confirmation: translate('app.auth.passwords_differ') };
  return {};
}

interface NewPasswordProps {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors: { password?: string; confirmation?: string };
  labels: { password: string; confirmation: string };
  translate: Translate;
  autoFocus?: boolean;
}

/** A new password and its repetition (password reset, membership completion), with the rule shown until an error replaces it. */
export function NewPasswordFields({ password, confirmation, onPassword, onConfirmation, errors, labels, translate, autoFocus }: NewPasswordProps) {
  const field = { type: 'password', autoComplete: 'new-password', required: true } as const;
  return (
    <>
      <FormField
        {...field}
        label={labels.password}
        name="password"
        autoFocus={autoFocus}
        value={password}
        onValue={onPassword}
        error={!!errors.password}
        helperText={errors.password ?? translate('app.auth.password_rule', { min: MIN_PASSWORD_LENGTH })}
      />
      <FormField
        {...field}
        label={labels.confirmation}
        name="confirmation"
        value={confirmation}
        onValue={onConfirmation}
        error={!!errors.confirmation}
        helperText={errors.confirmation}
      />
    </>
  );
}
