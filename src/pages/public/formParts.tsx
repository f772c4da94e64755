import { Alert, Box, Button, FormControl, FormHelperText, InputLabel, Link, NativeSelect, OutlinedInput } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** The pieces every public form is made of, so the pages only say what they ask and do. */

/** The server's password rule (server/auth/passwords.ts), repeated only to answer before a round trip. */
export const MIN_PASSWORD_LENGTH = 12;

export function FormAlert({ message, severity = 'error' }: { message: string | null; severity?: 'error' | 'success' | 'info' }) {
  if (!message) return null;
  return (
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'} sx={{ my: 2 }}>
      {message}
    </Alert>
  );
}

/**
 * Public fields are composed from MUI's parts rather than `TextField`: TextField imports `Select`
 * and with it menus, popovers, modals and focus traps, about 10 kB that every public page would
 * download for nothing (they are allowed 150 kB in all).
 */
interface FieldProps {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  type?: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  autoComplete?: string;
  autoFocus?: boolean;
  multiline?: boolean;
  minRows?: number;
  /** The phone keyboard to offer (digits for a code). */
  inputMode?: 'numeric' | 'text';
}

interface FrameProps {
  label: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** A label that always sits above the box (a choice shows its first option). */
  shrink?: boolean;
  size?: 'small' | 'medium';
  margin?: 'normal' | 'none';
  fullWidth?: boolean;
  sx?: object;
  children: (ids: { id: string; helperId: string | undefined }) => ReactNode;
}

/** Label, box and help text tied together by ids, as TextField ties them. */
function FieldFrame({ label, required, error, helperText, shrink, size, margin = 'normal', fullWidth = true, sx, children }: FrameProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl fullWidth={fullWidth} margin={margin} required={required} error={error} size={size} sx={sx}>
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      {children({ id, helperId })}
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

export function FormField({ name, label, value, onValue, type, required, error, helperText, autoComplete, autoFocus, multiline, minRows, inputMode }: FieldProps) {
  return (
    <FieldFrame label={label} required={required} error={error} helperText={helperText}>
      {({ id, helperId }) => (
        <OutlinedInput
          id={id}
          name={name}
          type={type}
          label={label}
          value={value}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          multiline={multiline}
          minRows={minRows}
          inputProps={{ 'aria-describedby': helperId, inputMode }}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}

type ChoiceProps = Omit<FrameProps, 'children' | 'shrink'> & {
  name?: string;
  value: string;
  onValue: (value: string) => void;
  inputProps?: Record<string, unknown>;
  children: ReactNode;
};

/** A native select: keyboard- and phone-friendly, and no menu machinery in the public bundle. */
export function NativeChoice({ name, value, onValue, inputProps, children, ...frame }: ChoiceProps) {
  return (
    <FieldFrame {...frame} shrink>
      {({ id, helperId }) => (
        <NativeSelect
          value={value}
          onChange={(event) => onValue(event.target.value)}
          input={<OutlinedInput label={frame.label} notched />}
          inputProps={{ ...inputProps, id, name, 'aria-describedby': helperId }}
        >
          {children}
        </NativeSelect>
      )}
    </FieldFrame>
  );
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

type SelectFieldProps = Omit<FieldProps, 'type' | 'autoComplete' | 'autoFocus' | 'multiline' | 'minRows' | 'inputMode'> & {
  options: { value: string; label: string }[];
  /** The empty first option of a choice nobody has made yet. */
  placeholder?: string;
};

export function SelectField({ options, placeholder, ...props }: SelectFieldProps) {
  return (
    <NativeChoice {...props}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeChoice>
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
