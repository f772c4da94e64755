import { Alert, Box, Button, Link, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** The pieces every public form is made of, so the pages only say what they ask and do. */

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
